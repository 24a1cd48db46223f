import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll } from "vitest";
import { repoRoot } from "../../scripts/lib/server.mjs";

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
  return (args: string[], env: Record<string, string>, timeout = 60_000) => {
    const result = spawnSync(process.execPath, [runner, ...args], {
      cwd: repoRoot,
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "council-command-test-secret-0123456789abcdef",
        COUNCIL_API_URL: "",
        ...env,
      },
      timeout,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
}
