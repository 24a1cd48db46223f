import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../scripts/lib/server.mjs";

/**
 * server.js and server/ run as they are, without a build: Node strips the types of server/*.ts itself, which it can
 * only do for syntax that erases (no enum, no parameter property, no namespace with values) and for imports that name
 * the file as it is on disk (.ts). Vitest would compile anything, so Node itself loads them here.
 */
describe("the server's own modules under Node", () => {
  const modules = readdirSync(path.join(repoRoot, "server")).filter((file) => file.endsWith(".ts"));

  it("are TypeScript only: the folder holds no JavaScript", () => {
    expect(modules).toContain("http.ts");
    expect(readdirSync(path.join(repoRoot, "server")).filter((file) => !file.endsWith(".ts"))).toEqual([]);
  });

  it("load in plain Node, with no compile step, and answer", () => {
    const program = `
      for (const file of ${JSON.stringify(modules)}) await import("./server/" + file);
      const { parseTrustProxy } = await import("./server/http.ts");
      console.log(JSON.stringify(["", "true", "2", "loopback"].map(parseTrustProxy)));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", program], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([false, true, 2, "loopback"]);
  });
});
