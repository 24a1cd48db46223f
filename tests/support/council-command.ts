import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildCouncilCli } from "../../scripts/lib/council-cli.mjs";
import { repoRoot } from "../../scripts/lib/server.mjs";

/**
 * `npm run council -- ...` as an operator runs it: the command compiled afresh from the sources for this test file
 * (inside the repository, so its imports resolve to node_modules as in build/cli), run in a child process in
 * production mode. `env` names the store and anything else the run needs.
 */
export function useCouncilCommand(name: string) {
  let cli = "";
  let cliDirectory = "";
  beforeAll(async () => {
    cliDirectory = path.join("build", `${name}-${process.pid}`);
    cli = await buildCouncilCli({ outDir: cliDirectory });
  }, 60_000);
  afterAll(() => {
    if (cliDirectory) rmSync(path.join(repoRoot, cliDirectory), { recursive: true, force: true });
  });

  return (args: string[], env: Record<string, string>, timeout = 30_000) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
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
