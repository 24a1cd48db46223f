import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { repoRoot, serverCommand } from "../../scripts/lib/server.mjs";
import { finalStageArgs, healthcheckCommand, stageRunning, stages } from "./dockerfile";

const dockerignore = readFileSync(path.join(repoRoot, ".dockerignore"), "utf8");

describe("the Dockerfile", () => {
  test("builds in stages on a maintained Node LTS slim image", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) expect(stage.image).toMatch(/^node:(20|22|24)[\w.-]*-slim$/);
    expect(stageRunning(/^npm ci(?!.*--omit=dev)/), "a stage installs every dependency").toBeDefined();
    expect(stageRunning(/^npm run build\b/), "a stage builds the site").toBeDefined();
  });

  test("ships only production dependencies in the final stage", () => {
    const productionDeps = stageRunning(/^npm ci\b.*--omit=dev/);
    expect(productionDeps?.name, "a named stage runs npm ci --omit=dev").toBeDefined();
    expect(finalStageArgs("COPY")).toContain(`--from=${productionDeps?.name} /app/node_modules ./node_modules`);
    expect(finalStageArgs("RUN").filter((args) => /\bnpm (ci|install|i)\b/.test(args))).toEqual([]);
  });

  test("runs the server as a non-root user", () => {
    const user = finalStageArgs("USER").at(-1);
    expect(user, "the final stage sets USER").toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
  });

  test("exposes the port the server listens on and checks its health on /healthz", () => {
    const port = /\bPORT=(\d+)/.exec(finalStageArgs("ENV").join(" "))?.[1];
    expect(finalStageArgs("ENV").join(" ")).toMatch(/\bNODE_ENV=production\b/);
    expect(port).toBeDefined();
    expect(finalStageArgs("EXPOSE")).toEqual([port]);
    expect(healthcheckCommand().join(" ")).toContain("/healthz");
  });

  test("copies every file server.js imports into the final stage", () => {
    const copied = finalStageArgs("COPY").join("\n");
    expect(copied).toMatch(/\bserver\.js\b/);
    expect(copied).toMatch(/^server \.\/server$/m);
  });

  test("copies what `npm run council` runs, so the command works in the image", () => {
    const script = (
      JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts.council;
    const [, launcher = ""] = /^node (\S+)$/.exec(script ?? "") ?? [];
    expect(launcher, "package.json's council script runs one file with node").not.toBe("");
    expect(finalStageArgs("COPY")).toContain(`${launcher} ./${launcher}`);
  });

  test("copies the site's content (data/), which the server reads at start, into the working directory", () => {
    expect(finalStageArgs("WORKDIR").at(-1)).toBe("/app");
    expect(finalStageArgs("COPY")).toContain("data ./data");
  });

  test("starts the server directly, as the deploy test does, and stops it with SIGTERM", () => {
    expect(JSON.parse(finalStageArgs("CMD").at(-1) ?? "null")).toEqual(["node", ...serverCommand]);
    expect(finalStageArgs("STOPSIGNAL")).toEqual(["SIGTERM"]);
  });

  test("keeps local installs, builds and secrets out of the build context", () => {
    const ignored = dockerignore.split(/\r?\n/).map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(["node_modules", "build", ".env", ".env.*", ".git"]));
  });
});
