// Compiles scripts/council.ts (the `npm run council` command) with the app's own toolchain (Vite, the tsconfig's
// "~/" paths) into one ES module that imports only production dependencies, so it also runs in the Docker image.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./server.mjs";

const councilCliEntry = path.join(repoRoot, "scripts", "council.ts");

/** Beside council.js: the repository's files it was compiled from, so scripts/run-council.mjs can tell it is stale. */
export const inputsFileName = "inputs.json";

/** What the output depends on beyond the modules it bundles: how they are resolved and compiled. */
const buildInputs = ["tsconfig.json", "scripts/lib/council-cli.mjs"];

/**
 * Builds the command into `outDir` (relative to the repository) and resolves with the file to run.
 * @param {{ outDir?: string }} [options]
 * @returns {Promise<string>}
 */
export async function buildCouncilCli({ outDir = "build/cli" } = {}) {
  const { build } = await import("vite");
  const result = await build({
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
  const modules = (Array.isArray(result) ? result : [result])
    .flatMap((output) => ("output" in output ? output.output : []))
    .flatMap((chunk) => (chunk.type === "chunk" ? chunk.moduleIds : []))
    .filter((id) => id.startsWith(repoRoot) && !id.includes(`${path.sep}node_modules${path.sep}`))
    .map((id) => path.relative(repoRoot, id.replace(/\?.*$/, "")));
  const inputs = [...new Set([...buildInputs, ...modules])].sort();
  writeFileSync(path.resolve(repoRoot, outDir, inputsFileName), `${JSON.stringify(inputs, null, 1)}\n`);
  return path.resolve(repoRoot, outDir, "council.js");
}
