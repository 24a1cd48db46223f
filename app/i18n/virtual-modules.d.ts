// The module catalogue-parts-plugin.ts makes: each part of the catalogue in each language, behind its own import().
declare module "virtual:catalogue-parts" {
  import type { CataloguePart } from "~/i18n/catalogue-parts";
  import type { Locale } from "~/i18n/locale";

  const loaders: Record<Locale, Record<CataloguePart, () => Promise<{ default: Record<string, unknown> }>>>;
  export default loaders;
}
