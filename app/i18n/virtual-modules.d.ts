// The modules catalogue-parts-plugin.ts makes: each part of the catalogue in each language, and each page's parts
// together, each behind its own import().
declare module "virtual:catalogue-parts" {
  import type { CataloguePart } from "~/i18n/catalogue-parts";
  import type { Locale } from "~/i18n/locale";

  const loaders: Record<Locale, Record<CataloguePart, () => Promise<{ default: Record<string, unknown> }>>>;
  export default loaders;
}

declare module "virtual:catalogue-pages" {
  import type { Locale } from "~/i18n/locale";

  /** Each page's parts (app/pages-derived.ts: cataloguePartSets) as one module, keyed by the parts joined with "+". */
  const pageLoaders: Record<Locale, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export default pageLoaders;
}
