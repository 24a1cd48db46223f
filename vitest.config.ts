import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup/environment.ts"],
    testTimeout: 15_000,
  },
});
