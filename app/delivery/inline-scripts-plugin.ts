import path from "node:path";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

/** Imported as `import text from "./program.ts?inline-script"`: the module, bundled and minified, as a string. */
const suffix = "?inline-script";
const prefix = "\0inline-script:";

/**
 * The site's inline programs (the <head> script, the behaviours of pages without the framework, the script starter)
 * are ordinary TypeScript modules, linted and type-checked like the rest. This plugin turns an import of one with
 * `?inline-script` into its text: bundled with its imports into one self-running function (IIFE), minified, for the
 * browsers the site supports. The server writes the text inline and the Content-Security-Policy allows it by the hash
 * of exactly that text (app/delivery/headers.server.ts), so the hash can never drift from what is sent.
 */
export function inlineScripts(): Plugin {
  return {
    name: "council:inline-scripts",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `${prefix}${resolved.id}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const entry = id.slice(prefix.length);
      const text = await buildInlineScript(entry);
      for (const file of text.modules) this.addWatchFile(file);
      return `export default ${JSON.stringify(text.code)};`;
    },
  };
}

/** One inline program as text, with the files it was made from. */
export async function buildInlineScript(entry: string): Promise<{ code: string; modules: string[] }> {
  const bundle = await rolldown({
    input: entry,
    platform: "browser",
    resolve: { alias: { "~": path.resolve(import.meta.dirname, "..") } },
    transform: { target: "es2017" },
  });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    const [chunk] = output;
    if (output.length !== 1 || chunk.type !== "chunk") throw new Error(`${entry}: an inline program must be one chunk`);
    return { code: chunk.code.trim(), modules: chunk.moduleIds.filter((file) => !file.startsWith("\0")) };
  } finally {
    await bundle.close();
  }
}
