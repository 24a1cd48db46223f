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

/**
 * A backend's refusal as the student reads it, in `texts`' language. The built-in store answers in English (its typed
 * results carry the message); those a form shows are in the catalogue (forms.backend) and said in the page's language.
 * Any other message (a council API's own) is passed on as it came.
 */
export function backendMessageIn(texts: FormTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = (Object.keys(en.forms.backend) as (keyof FormTexts["backend"])[]).find(
    (name) => en.forms.backend[name] === message,
  );
  return key ? texts.backend[key] : message;
}
