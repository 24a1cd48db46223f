#!/usr/bin/env node
// `npm run council -- ...`: runs the compiled command, build/cli/council.js. Where its sources are at hand (a clone,
// not the Docker image) and it is missing or older than one of the files it was compiled from, it is compiled first
// (about a second), so a fresh clone needs no `npm run build` and an edit counts at the next run. The image has no
// sources: there it runs what `npm run build` compiled, with production dependencies only.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cliDirectory = path.join(root, "build", "cli");
const cli = path.join(cliDirectory, "council.js");
const source = path.join(root, "scripts", "council.ts");

/** Whether build/cli/council.js is missing, or older than a file it was compiled from (or one of them is gone). */
function isStale() {
  if (!existsSync(cli)) return true;
  /** @type {unknown} */
  let inputs;
  try {
    inputs = /** @type {unknown} */ (JSON.parse(readFileSync(path.join(cliDirectory, "inputs.json"), "utf8")));
  } catch {
    return true;
  }
  if (!Array.isArray(inputs)) return true;
  const builtAt = statSync(cli).mtimeMs;
  return inputs.some((file) => {
    const stats = statSync(path.join(root, String(file)), { throwIfNoEntry: false });
    return !stats || stats.mtimeMs > builtAt;
  });
}

/**
 * Compiles into a directory of its own, then puts it in place, so two runs at once never read a half-written one.
 * In a child process: Vite sets NODE_ENV for its build, which must not decide the command's own mode.
 */
function compile() {
  const staging = path.join(root, "build", `cli-${process.pid}`);
  const built = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { buildCouncilCli } = await import(${JSON.stringify(pathToFileURL(path.join(root, "scripts/lib/council-cli.mjs")).href)});
       await buildCouncilCli({ outDir: ${JSON.stringify(path.relative(root, staging))} });`,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (built.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
  rmSync(cliDirectory, { recursive: true, force: true });
  try {
    renameSync(staging, cliDirectory);
  } catch {
    // Another run put its fresh copy in place first: use that one.
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

if (existsSync(source) && isStale() && !compile()) {
  console.error("council: could not compile scripts/council.ts (the lines above say why).");
  process.exit(1);
}
if (!existsSync(cli)) {
  console.error("council: not built yet: run npm run build first (it compiles this command to build/cli/council.js).");
  process.exit(1);
}
await import(pathToFileURL(cli).href);
