import type { Locale } from "~/i18n/locale";
import { imageIn, textIn } from "./localized";
import type { Events, EventTime, TarangCategory } from "./schemas";

/**
 * The events of data/events.json in one language: what the event pages' loaders send, so that a page's components
 * get plain texts in the page's language. Coordinators' names are people's names and stay as they are.
 */

/** When and where, in one language: the page's "When / Where", the calendar file and the e-mails. */
export function whenIn(when: Events["hackathon"]["when"], locale: Locale): EventTime {
  return { ...when, location: textIn(when.location, locale) };
}

/** The hackathon as /sih shows it (without the home page's popup and the registration window). */
export function hackathonIn(hackathon: Events["hackathon"], locale: Locale) {
  const text = (value: { en: string; hi: string }) => textIn(value, locale);
  return {
    title: text(hackathon.title),
    subtitle: text(hackathon.subtitle),
    about: hackathon.about.map(text),
    teamRules: hackathon.teamRules.map(text),
    dates: hackathon.dates.map((date) => ({ label: text(date.label), value: text(date.value) })),
    problemStatementsUrl: hackathon.problemStatementsUrl,
    pptTemplate: { label: text(hackathon.pptTemplate.label), href: hackathon.pptTemplate.href },
    officialSiteUrl: hackathon.officialSiteUrl,
    coordinators: hackathon.coordinators,
    when: whenIn(hackathon.when, locale),
  };
}
export type HackathonIn = ReturnType<typeof hackathonIn>;

/** A Tarang category, without its registration window (its state is worked out at render). */
export function tarangCategoryIn(category: TarangCategory, locale: Locale) {
  const text = (value: { en: string; hi: string }) => textIn(value, locale);
  return {
    slug: category.slug,
    title: text(category.title),
    ...(category.note ? { note: text(category.note) } : {}),
    summary: text(category.summary),
    rules: category.rules.map(text),
    image: imageIn(category.image, locale),
  };
}
export type TarangCategoryIn = ReturnType<typeof tarangCategoryIn>;
