import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { inlineScripts } from "./app/delivery/inline-scripts-plugin.ts";
import { catalogueSplit } from "./app/i18n/catalogue-parts-plugin.ts";

/**
 * Three projects, decided by the file's name alone (docs/testing.md):
 * - `unit`: every test file not named `*.system.test.ts`. No build, no PostgreSQL: `npm run test:fast`.
 * - `postgres`: the unit files that open the built-in store on its engines (`useStoreEngines()`), again on
 *   PostgreSQL alone: SQLite was `unit`'s run.
 * - `system`: a file named `*.system.test.ts`: it needs the production build or starts something slow (the
 *   production server, PostgreSQL, Redis, nginx, Firefox, the HTML checker, the development server, a slow SMTP
 *   server). Its store tests run on both engines.
 * `npm run test:system` runs `postgres` and `system`.
 */
export const systemFiles = "tests/**/*.system.test.{ts,tsx}";
export const testFiles = "tests/**/*.test.{ts,tsx}";
export const storeEnginesCall = /\buseStoreEngines\(\)/;

/**
 * The unit files that import the app afresh instead of sharing their worker's modules. mail-caps reads the held-back
 * counts back from the process's metrics, which are kept only with METRICS_TOKEN set (server/metrics.ts): it sets the
 * token before its imports, but the process's metrics are made once, at their first use, and in a shared worker an
 * earlier file has already made them without it (stand-ins that keep nothing).
 */
export const ownModules = ["tests/attacks/mail-caps.test.ts"];

/** The unit files whose store tests run again on PostgreSQL: those that call useStoreEngines(). */
export function unitStoreFiles(root = "."): string[] {
  return readdirSync(path.join(root, "tests"), { recursive: true, encoding: "utf8" })
    .map((file) => `tests/${file.split(path.sep).join("/")}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !/\.system\.test\.tsx?$/.test(file))
    .filter((file) => storeEnginesCall.test(readFileSync(path.join(root, file), "utf8")))
    .sort();
}

// Kept apart from vite.config.ts: the reactRouter() plugin is for the app build, not for tests. The two plugins below
// do through Vite's own transform what the build does (the inline programs, the catalogue's parts), so no test
// needs a build to import the app's modules.
export default defineConfig({
  plugins: [inlineScripts(), catalogueSplit()],
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup/environment.ts", "tests/setup/i18n.ts"],
    testTimeout: 15_000,
    // Vitest 5 fails a poll that has not passed by its timeout (1 s by default), where 4 took a late pass: the polls
    // wait on a browser or a server, which a busy machine slows.
    expect: { poll: { timeout: 10_000 } },
    // Closing a throw-away PostgreSQL cluster or a server took over 10 s (the default) while other files kept both
    // cores busy.
    hookTimeout: 30_000,
    // Vitest's default, one worker fewer than the cores, runs the files one at a time on a 2-core machine. Most of
    // the system files wait on what they start (servers, PostgreSQL, a production `npm ci`), so one worker more than
    // the cores: on 2 cores the whole run took 252 s instead of 508 s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // A worker thread a file instead of a child process: on 2 cores the whole unit run took 82 s of wall time
          // and 156 s of CPU, against 127 s and 244 s in processes (docs/testing.md).
          pool: "threads",
          // The files of a worker share its modules instead of importing the app again each: 49 s of wall time and
          // 88 s of CPU instead of 84 s and 159 s. A file therefore never mocks a module the app imports (it makes
          // its parts the running app's, tests/support/fake-backend.ts), and tests/setup/environment.ts gives each
          // later file an app on its own store and content (docs/testing.md).
          isolate: false,
          include: [testFiles],
          exclude: [systemFiles, ...ownModules],
          provide: { storeEngines: ["SQLite"], sharedModules: true },
        },
      },
      {
        extends: true,
        test: { name: "unit-own-modules", pool: "threads", include: ownModules, provide: { storeEngines: ["SQLite"] } },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: unitStoreFiles(),
          globalSetup: ["tests/setup/postgres-cluster.ts"],
          provide: { storeEngines: ["PostgreSQL"] },
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: [systemFiles],
          globalSetup: ["tests/setup/postgres-cluster.ts", "tests/setup/auth-emulators.ts"],
          provide: { storeEngines: ["SQLite", "PostgreSQL"] },
        },
      },
    ],
  },
});
