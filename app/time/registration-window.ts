import type { Locale } from "~/i18n/locale";
import { events as englishTexts } from "~/i18n/catalogue/en/events";
import { events as hindiTexts } from "~/i18n/catalogue/hi/events";
import { readableIndianTimeIn } from "./localized-time";

/**
 * When an event takes registrations: from `opens` until `closes`, both moments with their offset
 * ("2027-01-15T23:59:00+05:30"), kept in data/events.json. Pages and forms ask this module what the window says now,
 * so the page, the form and the form's action can never disagree, and a date that has passed is never shown as open.
 */
interface RegistrationWindow {
  opens: string;
  closes: string;
}

export type RegistrationState =
  { state: "open"; text: string } | { state: "closed"; text: string } | { state: "not-yet-open"; text: string };

/** The catalogue's texts (app/i18n/catalogue/<locale>/events.ts), read here since loaders and actions have no t(). */
const catalogueTexts = { en: englishTexts.registration, hi: hindiTexts.registration };

function registrationTexts(locale: Locale) {
  const texts = catalogueTexts[locale];
  const at = (text: string, moment: string) => text.replace("{{time}}", readableIndianTimeIn(moment, locale));
  return {
    closed: texts.closed,
    openUntil: (closes: string) => at(texts.openUntil, closes),
    opensOn: (opens: string) => at(texts.opensOn, opens),
  };
}

/**
 * What the window says at `now`: open from `opens` (included) until `closes` (excluded), in the page's language
 * (English unless told).
 */
export function registrationState(
  window: RegistrationWindow,
  now: Date = new Date(),
  locale: Locale = "en",
): RegistrationState {
  const time = now.getTime();
  const texts = registrationTexts(locale);
  if (time < Date.parse(window.opens)) return { state: "not-yet-open", text: texts.opensOn(window.opens) };
  if (time >= Date.parse(window.closes)) return { state: "closed", text: texts.closed };
  return { state: "open", text: texts.openUntil(window.closes) };
}

/**
 * Several windows read as one (Tarang's categories): open while any is open, until the last of those closes; else
 * the next to open; else closed.
 */
export function combinedRegistrationState(
  windows: readonly RegistrationWindow[],
  now: Date = new Date(),
  locale: Locale = "en",
): RegistrationState {
  const open = windows.filter((window) => registrationState(window, now).state === "open");
  if (open.length > 0) {
    const last = open.reduce((latest, window) =>
      Date.parse(window.closes) > Date.parse(latest.closes) ? window : latest,
    );
    return registrationState(last, now, locale);
  }
  const coming = windows.filter((window) => registrationState(window, now).state === "not-yet-open");
  if (coming.length > 0) {
    const next = coming.reduce((soonest, window) =>
      Date.parse(window.opens) < Date.parse(soonest.opens) ? window : soonest,
    );
    return registrationState(next, now, locale);
  }
  return { state: "closed", text: registrationTexts(locale).closed };
}
