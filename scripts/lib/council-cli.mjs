// Compiles scripts/council.ts (the `npm run council` command) with the app's own toolchain (Vite, the tsconfig's
// "~/" paths) into one ES module that imports only production dependencies, so it also runs in the Docker image.
import path from "node:path";
import { repoRoot } from "./server.mjs";

const councilCliEntry = path.join(repoRoot, "scripts", "council.ts");

/**
 * Builds the command into `outDir` (relative to the repository) and resolves with the file to run.
 * @param {{ outDir?: string }} [options]
 * @returns {Promise<string>}
 */
export async function buildCouncilCli({ outDir = "build/cli" } = {}) {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: "warn",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    build: {
      ssr: councilCliEntry,
      outDir,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { entryFileNames: "council.js" } },
    },
  });
  return path.resolve(repoRoot, outDir, "council.js");
}
