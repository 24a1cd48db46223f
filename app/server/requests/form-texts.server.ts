import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { type Locale, localeOf } from "~/i18n/locale";
import type { FormTexts } from "~/forms/texts";

/** The forms' words in `locale` (see app/forms/texts.ts). */
export function formTextsIn(locale: Locale): FormTexts {
  return locale === "hi" ? hi.forms : en.forms;
}

/** The forms' words in the language of the page a form was sent from: its path's (/hi/join → Hindi). */
export function formTextsOf(request: Request): FormTexts {
  return formTextsIn(localeOf(new URL(request.url).pathname));
}
