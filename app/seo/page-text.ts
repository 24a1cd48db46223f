/**
 * The title and description of every page whose registry entry names them in the catalogues (app/pages.ts: `head`),
 * in a page's language. Only the root loader reads this table, so it reaches the browser as loader data rather than
 * in a script every page loads.
 */
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import type { Locale } from "~/i18n/locale";
import type { Registry, TitleKey } from "~/page-entry";
import { pages } from "~/pages";

export interface PageText {
  title: string;
  description: string;
  /** It asks search engines not to index it (one visitor's own page, a link's page). */
  private?: true;
}

/** The English paths ("/clubs") of a registry's pages whose texts are the catalogues': the root's meta's keys. */
export type TitledPath<R extends Registry> = R[number] extends infer Entry
  ? Entry extends { head: infer Head; path: infer Path extends string }
    ? Head extends "module"
      ? never
      : `/${Path}`
    : never
  : never;

/** The catalogue group at a dotted path: a title key names one holding a title and a description. */
function groupAt(catalogue: object, key: TitleKey): { title: string; description: string } {
  let group: unknown = catalogue;
  for (const part of key.split(".")) group = (group as Record<string, unknown>)[part];
  return group as { title: string; description: string };
}

/** The table in a page's language. */
export function pageTextsIn<R extends Registry = typeof pages>(
  locale: Locale,
  registry: R = pages as Registry as R,
): Record<TitledPath<R>, PageText> {
  const catalogue = locale === "hi" ? hi : en;
  const table: Record<string, PageText> = {};
  for (const page of registry) {
    if (page.head === "module") continue;
    const { title, description } = groupAt(catalogue, page.head);
    table[`/${page.path}`] = page.indexed ? { title, description } : { title, description, private: true };
  }
  return table;
}
