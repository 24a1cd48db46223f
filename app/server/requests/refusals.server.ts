import { councilRefusalText, isCouncilRefusal } from "~/inbox/refusals";
import { serverT } from "~/i18n/i18next.server";
import { type Locale, localeOf } from "~/i18n/locale";
import type { Refusal } from "~/types/refusals";

/**
 * A backend's refusal in words, in `locale`: a student's through i18next (catalogue forms.refusals, its placeholders
 * filled from the refusal's values, its dates said with the registered formats); a council member's in the council's
 * English (app/inbox/refusals.ts).
 */
export function refusalText(locale: Locale, refusal: Refusal): string {
  if (isCouncilRefusal(refusal)) return councilRefusalText(refusal);
  const { code, ...values } = refusal;
  // The key and its values come from one union member, which the catalogue's types cannot see through.
  const t = serverT(locale) as (key: string, values: object) => string;
  return t(`forms.refusals.${code}`, values);
}

/** A backend's refusal in the language of the page the form was sent from; undefined when it gave no reason. */
export function refusalFor(request: Request, refusal: Refusal): string;
export function refusalFor(request: Request, refusal: Refusal | undefined): string | undefined;
export function refusalFor(request: Request, refusal: Refusal | undefined): string | undefined {
  return refusal && refusalText(localeOf(new URL(request.url).pathname), refusal);
}
