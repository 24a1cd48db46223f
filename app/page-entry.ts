import type { Delivery } from "./delivery/delivery";
import type { Catalogue } from "./i18n/catalogue/en";
import type { CataloguePart } from "./i18n/catalogue-parts";

/** What one entry of the page registry (pages.ts) says about its page. */
export interface Page {
  /** The English path as the route table writes it: "" for the home page, ":name" for a parameter, "*" for any. */
  path: string;
  /** Its route module, under app/ (a missing file stops the type check: see `pages` in pages.ts). */
  module: `routes/${string}.tsx` | `routes/${string}.ts`;
  /** A route id of its own, where one module serves several pages; the Hindi twin's is `hi-<id>`. */
  id?: string;
  /** How it reaches the browser (delivery/delivery.ts): its scripts, headers and caching follow. */
  delivery: Delivery;
  /** "en+hi": also under /hi, the same module (decision 21); "en": English only (the council's, the machines'). */
  languages: "en" | "en+hi";
  /** The catalogue's parts it shows besides the shell's (i18n/catalogue-parts.ts): what the browser loads for it. */
  texts: readonly CataloguePart[];
  /**
   * Its <title> and description: a catalogue group holding both, which the root's meta says for it (the module has no
   * `meta`); or "module" where they depend on content (a club's name) and the module's own `meta` writes them.
   */
  head: TitleKey | "module";
  /** False: it asks search engines not to index it (robots noindex; for "module" heads the module says it). */
  indexed: boolean;
  /** A public page with a parameter: the content whose values make its pages (see PageValues in content.server.ts). */
  each?: ValueSource;
}

/** The content that gives a public page's parameter its values, each one page in the cache and the sitemap. */
export type ValueSource = "clubSlugs";

/** The values each source of parameters gives (the server reads them from the content). */
export type PageValues = Record<ValueSource, readonly string[]>;

/** Where in the catalogues a title and description are: a group holding both, by its dotted path. */
export type TitleKey = TitledGroups<Catalogue>;
type TitledGroups<T, Prefix extends string = ""> = {
  [Key in keyof T & string]: T[Key] extends { title: string; description: string }
    ? `${Prefix}${Key}`
    : T[Key] extends string
      ? never
      : TitledGroups<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

/** A list of pages: the site's (`pages`), or a test's own. */
export type Registry = readonly Page[];
