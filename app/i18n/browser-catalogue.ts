import pageLoaders from "virtual:catalogue-pages";
import type { Catalogue } from "./catalogue/en";
import type { CataloguePart } from "./catalogue-parts";
import { localeOf, type Locale } from "./locale";
import { cataloguePartsOf } from "../pages-derived";
import type { Texts } from "./text";

/**
 * The catalogue in the browser: only the parts a page shows (app/pages.ts), in the page's language, loaded
 * before the page hydrates (entry.client.tsx) and, on a client navigation, before the next page renders (the root's
 * client middleware). Each part is loaded once.
 */
const loaded = new Set<CataloguePart>();
let texts: Texts | undefined;

/** The parts the page at `pathname` needs in `locale`, as one catalogue object: the page's own module of them. */
export async function catalogueFor(locale: Locale, pathname: string): Promise<Record<string, unknown>> {
  const parts = cataloguePartsOf(pathname);
  const load = pageLoaders[locale][parts.join("+")];
  // The build makes a module for every page's parts (tests/i18n/catalogue-parts.test.ts), so this is a bug if thrown.
  if (!load) throw new Error(`No catalogue module for the parts ${parts.join(", ")}`);
  const module = await load();
  for (const part of parts) loaded.add(part);
  return module.default;
}

/** The browser's texts for the page's whole life (entry.client.tsx): later navigations add their parts to them. */
export function browserTexts(locale: Locale, catalogue: Record<string, unknown>): Texts {
  texts = {
    locale,
    catalogue: catalogue as Catalogue,
    // A text the page shows from a part it did not load (app/pages.ts) is a bug: said, so the tests see it.
    onMissing: (key) => console.error(`Missing text in the page's catalogue: ${key}`),
  };
  return texts;
}

/** Before a client navigation renders `pathname`: the parts it shows that this page has not loaded yet. */
export async function loadCatalogueFor(pathname: string): Promise<void> {
  if (!texts) return;
  const { locale } = texts;
  // A link never crosses languages (the language link reloads the document); if one did, its page's words would be
  // the other catalogue's, so it is left to the server.
  if (localeOf(pathname) !== locale) return;
  const missing = cataloguePartsOf(pathname).filter((part) => !loaded.has(part));
  if (missing.length === 0) return;
  // The parts' list only now: a visit that never navigates does not download it.
  const { default: loaders } = await import("virtual:catalogue-parts");
  const modules = await Promise.all(missing.map((part) => loaders[locale][part]()));
  for (const part of missing) loaded.add(part);
  // In place: the forms' words stay the same object (useFormTexts), now with the new page's texts in it.
  for (const module of modules) mergeInto(texts.catalogue, module.default);
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isObject(existing) && isObject(value)) mergeInto(existing, value);
    else target[key] = value;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
