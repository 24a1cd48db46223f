import type { Catalogue } from "~/i18n/catalogue/en";
import { fillText } from "~/i18n/text";

/**
 * The words of every form in one language: the catalogue's `forms` area (app/i18n/catalogue/{en,hi}/forms.ts). Each
 * schema is made from them (`createJoinSchema(texts, …)`), so the action and the browser give the same messages in
 * the page's language:
 *
 * - the action: `formTextsOf(request)` (app/server/requests/form-texts.server.ts), from the request's path;
 * - the browser: `useFormTexts()` (app/components/form-fields/use-form-texts.ts), the catalogue the page already loaded.
 *
 * Their `{{placeholders}}` are filled by fillText (app/i18n/text.ts), i18next's interpolation without its runtime
 * (tests/i18n/text.test.ts holds them equal): one syntax, on the server and in the browser. Only a type is imported
 * here: a schema module pulls no catalogue into the browser.
 */
export type FormTexts = Catalogue["forms"];

/** "3 minutes": a wait, rounded up to whole minutes (at least one), in `texts`' language. */
export function waitIn(texts: FormTexts, waitMs: number): string {
  const count = Math.max(1, Math.ceil(waitMs / 60_000));
  return fillText(count === 1 ? texts.submission.oneMinute : texts.submission.minutes, { count });
}
