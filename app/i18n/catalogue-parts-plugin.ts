import path from "node:path";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";
import { type CataloguePart, catalogueParts, pickTexts } from "./catalogue-parts.ts";
import { locales } from "./locale.ts";
import { cataloguePartSets } from "../pages-derived.ts";

/**
 * `import loaders from "virtual:catalogue-parts"`: every part in every language, each behind its own import() (what a
 * client navigation adds); `import pageLoaders from "virtual:catalogue-pages"`: every page's set of parts
 * (app/pages.ts) as one module, keyed by its parts joined with "+" (what a first visit loads). Two modules, so that a
 * first visit does not download the parts' list.
 */
const loadersId = "virtual:catalogue-parts";
const pageLoadersId = "virtual:catalogue-pages";
const partPrefix = "catalogue-part:";
const pagePrefix = "catalogue-page:";

/**
 * Makes the catalogue's parts (catalogue-parts.ts) into modules of their own, so that the browser downloads only a
 * page's parts: `catalogue-part:hi:join` is `export default { forms: { join: … } }`, taken at build time from the
 * TypeScript catalogue (app/i18n/catalogue/hi.ts), which stays the one place the texts are written.
 */
export function catalogueSplit(): Plugin {
  // Each language's catalogue, evaluated once per build (again after an edit, in development).
  const catalogues = new Map<string, Promise<{ value: object; modules: string[] }>>();
  return {
    name: "council:catalogue-parts",
    enforce: "pre",
    resolveId(source) {
      const virtual = source === loadersId || source === pageLoadersId;
      if (virtual || source.startsWith(partPrefix) || source.startsWith(pagePrefix)) return `\0${source}`;
      return null;
    },
    async load(id) {
      if (id === `\0${loadersId}`) {
        const languages = locales.map((locale) => {
          const parts = Object.keys(catalogueParts).map(
            (part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${partPrefix}${locale}:${part}`)})`,
          );
          return `${JSON.stringify(locale)}: { ${parts.join(", ")} }`;
        });
        return `export default { ${languages.join(", ")} };`;
      }
      if (id === `\0${pageLoadersId}`) {
        const pageSets = locales.map((locale) => {
          const sets = cataloguePartSets().map((parts) => {
            const key = parts.join("+");
            return `${JSON.stringify(key)}: () => import(${JSON.stringify(`${pagePrefix}${locale}:${key}`)})`;
          });
          return `${JSON.stringify(locale)}: { ${sets.join(", ")} }`;
        });
        return `export default { ${pageSets.join(", ")} };`;
      }
      const prefix = [partPrefix, pagePrefix].find((candidate) => id.startsWith(`\0${candidate}`));
      if (!prefix) return null;
      const [locale = "", key = ""] = id.slice(prefix.length + 1).split(":");
      // A page's module holds its parts merged, as one text to compress: 0.5 to 1.2 kB less on a Hindi form page than
      // its parts one by one.
      const names = prefix === pagePrefix ? key.split("+") : [key];
      if (
        !(locales as readonly string[]).includes(locale) ||
        !names.every((name) => Object.hasOwn(catalogueParts, name))
      ) {
        throw new Error(`No catalogue part ${id}`);
      }
      const paths = names.flatMap((name) => catalogueParts[name as CataloguePart]);
      let catalogue = catalogues.get(locale);
      if (!catalogue) catalogues.set(locale, (catalogue = evaluateCatalogue(locale)));
      const { value, modules } = await catalogue;
      for (const file of modules) this.addWatchFile(file);
      return `export default ${JSON.stringify(pickTexts(value, paths))};`;
    },
    watchChange(id) {
      if (id.includes(`${path.sep}i18n${path.sep}catalogue`)) catalogues.clear();
    },
  };
}

/** A language's catalogue module (app/i18n/catalogue/<locale>.ts) bundled and run: its value, and its files. */
async function evaluateCatalogue(locale: string): Promise<{ value: object; modules: string[] }> {
  const bundle = await rolldown({
    input: path.resolve(import.meta.dirname, "catalogue", `${locale}.ts`),
    platform: "node",
    resolve: { alias: { "~": path.resolve(import.meta.dirname, "..") } },
  });
  try {
    const { output } = await bundle.generate({ format: "esm" });
    const [chunk] = output;
    if (output.length !== 1 || chunk.type !== "chunk") throw new Error(`${locale}.ts: the catalogue must be one chunk`);
    const module = (await import(
      `data:text/javascript;base64,${Buffer.from(chunk.code).toString("base64")}`
    )) as Record<string, object>;
    const value = module[locale];
    if (!value) throw new Error(`app/i18n/catalogue/${locale}.ts exports no \`${locale}\``);
    return { value, modules: chunk.moduleIds.filter((file) => !file.startsWith("\0")) };
  } finally {
    await bundle.close();
  }
}
