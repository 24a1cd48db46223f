import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../scripts/lib/server.mjs";

/**
 * `npm run council -- ...` in development, as a developer runs it on a fresh clone after `npm ci`: no `npm run
 * build` first, no NODE_ENV. A copy of the files a clone has (no build/), with the repository's node_modules.
 */

const noAccountYet = "No account holds the council role yet. Grant it with: npm run council -- grant <College ID>\n";

/** The environment of a developer's shell: without vitest's NODE_ENV=test and npm's own settings. */
const developerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.toLowerCase().startsWith("npm_")),
);

/** `npm run council -- args` in `cwd`; `viaNpm: false` runs the script's command without npm's start-up. */
function runCouncil(cwd: string, args: string[], env: Record<string, string> = {}, viaNpm = true) {
  const [command, commandArgs] = viaNpm
    ? ["npm", ["run", "--silent", "council", "--", ...args]]
    : [process.execPath, ["scripts/run-council.mjs", ...args]];
  const result = spawnSync(command, commandArgs, {
    cwd,
    encoding: "utf8",
    env: { ...developerEnv, ...env },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run council on a clone without a build", () => {
  let clone = "";
  let databasePath = "";
  const compiled = () => path.join(clone, "build", "cli", "council.js");
  const council = (args: string[], viaNpm = false) => runCouncil(clone, args, { DATABASE_PATH: databasePath }, viaNpm);

  beforeAll(() => {
    clone = mkdtempSync(path.join(tmpdir(), "council-clone-"));
    for (const entry of ["package.json", "tsconfig.json", "scripts", "app", "server", "data"]) {
      cpSync(path.join(repoRoot, entry), path.join(clone, entry), { recursive: true });
    }
    symlinkSync(realpathSync(path.join(repoRoot, "node_modules")), path.join(clone, "node_modules"));
    mkdirSync(path.join(clone, "data-store"));
    databasePath = path.join(clone, "data-store", "council.sqlite");
  });

  afterAll(() => {
    if (clone) rmSync(clone, { recursive: true, force: true });
  });

  it("compiles the command on first use and prints its answer alone: no start-up log lines", () => {
    const result = council(["list"], true);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(noAccountYet);
    expect(statSync(compiled()).isFile()).toBe(true);
  }, 60_000);

  it("runs what it compiled while no source changed", () => {
    const builtAt = statSync(compiled()).mtimeMs;
    expect(council(["list"])).toMatchObject({ status: 0, stdout: noAccountYet });
    expect(statSync(compiled()).mtimeMs).toBe(builtAt);
  }, 60_000);

  it("compiles again after a module it imports changed", () => {
    const builtAt = statSync(compiled()).mtimeMs;
    const module = path.join(clone, "app", "time", "india-time.ts");
    const later = new Date(Date.now() + 60_000);
    utimesSync(module, later, later);
    expect(council(["list"])).toMatchObject({ status: 0, stdout: noAccountYet });
    expect(statSync(compiled()).mtimeMs).toBeGreaterThan(builtAt);
  }, 60_000);

  it("runs an edit of the command at the next run", () => {
    const source = path.join(clone, "scripts", "council.ts");
    const text = readFileSync(source, "utf8");
    expect(text).toContain("No account holds the council role yet.");
    writeFileSync(source, text.replace("No account holds the council role yet.", "Nobody holds the role yet."));
    const later = new Date(Date.now() + 120_000);
    utimesSync(source, later, later);
    const result = council(["list"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      noAccountYet.replace("No account holds the council role yet.", "Nobody holds the role yet."),
    );
  }, 60_000);
});

it("where neither the sources nor a build are, npm run council says to build first, in one line and without a stack", () => {
  const checkout = mkdtempSync(path.join(tmpdir(), "council-unbuilt-"));
  try {
    cpSync(path.join(repoRoot, "package.json"), path.join(checkout, "package.json"));
    mkdirSync(path.join(checkout, "scripts"));
    cpSync(path.join(repoRoot, "scripts", "run-council.mjs"), path.join(checkout, "scripts", "run-council.mjs"));
    const result = runCouncil(checkout, ["list"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      "council: not built yet: run npm run build first (it compiles this command to build/cli/council.js).",
    ]);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
});
