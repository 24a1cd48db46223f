import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll } from "vitest";
import { repoRoot } from "../../scripts/lib/server.mjs";

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command in a child process, awaited: the test's event loop keeps running meanwhile. A blocked one cannot see a
 * server close an idle kept-alive connection, and the test's next request then goes out on a closed socket ("other
 * side closed") when the command took seconds on a busy machine.
 */
export function runCommand(
  file: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeout: number },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: repoRoot, encoding: "utf8", ...options }, (error, stdout, stderr) => {
      const code = error && typeof error.code === "number" ? error.code : error ? null : 0;
      resolve({ status: code, stdout, stderr });
    });
  });
}

/**
 * `npm run council -- ...` as an operator runs it: `scripts/run-council.mjs`, which compiles the command from the
 * sources when build/cli/council.js is missing or older than them (once for the whole run, not once a test file),
 * run in a child process in production mode. `env` names the store and anything else the run needs.
 */
export function useCouncilCommand() {
  const runner = path.join(repoRoot, "scripts", "run-council.mjs");
  // The compile, if one is due, before the tests and their 15 s each: the command alone prints its usage.
  beforeAll(() => {
    spawnSync(process.execPath, [runner], { cwd: repoRoot, stdio: "ignore", timeout: 120_000 });
  }, 130_000);
  return (args: string[], env: Record<string, string>, timeout = 60_000) =>
    runCommand(process.execPath, [runner, ...args], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "council-command-test-secret-0123456789abcdef",
        COUNCIL_API_URL: "",
        ...env,
      },
      timeout,
    });
}
