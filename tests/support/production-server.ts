import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { assertBuilt, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";

/**
 * The production build started for one test file, on a SQLite database of its own in a temporary folder, and
 * stopped (the folder removed) after the file's tests. `env` adds or unsets settings. Needs `npm run build`.
 */
export function useProductionServer(folderPrefix: string, env: Record<string, string | undefined>): ProductionServer {
  let started: ProductionServer | undefined;
  let dataDir = "";
  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    started = await startProductionServer({ env: { DATABASE_PATH: path.join(dataDir, "council.sqlite"), ...env } });
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const server = () => {
    if (!started) throw new Error("the production server has not started");
    return started;
  };
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    get child() {
      return server().child;
    },
    get output() {
      return server().output;
    },
    get exited() {
      return server().exited;
    },
    stop: (graceMs?: number) => server().stop(graceMs),
  };
}
