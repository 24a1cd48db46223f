import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { inlineScripts } from "./app/delivery/inline-scripts-plugin.ts";
import { catalogueSplit } from "./app/i18n/catalogue-parts-plugin.ts";

// Kept apart from vite.config.ts: the reactRouter() plugin is for the app build, not for tests. The inline programs
// are built as in the app (the server writes them and hashes them).
export default defineConfig({
  plugins: [inlineScripts(), catalogueSplit()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup/environment.ts", "tests/setup/i18n.ts"],
    testTimeout: 15_000,
    // Closing a throw-away PostgreSQL cluster or a server took over 10 s (the default) while other files kept both
    // cores busy.
    hookTimeout: 30_000,
    // Vitest's default, one worker fewer than the cores, runs the files one at a time on a 2-core machine. Most of
    // our slow files wait on what they start (servers, PostgreSQL, a production `npm ci`), so one worker more than
    // the cores: on 2 cores the whole run took 252 s instead of 508 s.
    maxWorkers: availableParallelism() + 1,
  },
});
