/**
 * What no student types, removed from every text field before a form's schema sees it:
 *
 * - C0 control characters and DEL, except tab and line feed. A NUL reaches the CSV and cuts SQLite's string
 *   functions short (the entry could not be found by the inbox search); escape sequences could colour a terminal
 *   that prints a row. A browser sends a textarea's line breaks as CR LF: dropping the CR keeps the line break.
 *   Tab and line feed are kept in every field, single-line ones too: a browser never puts them in a one-line
 *   input, the schemas trim the ends, and the inbox shows them as white space.
 * - Bidirectional embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069): a team named
 *   "\u202Etxt.exe3" would read "3exe.txt" to a council member. The marks that only hint a direction (U+200E, U+200F)
 *   change no order by themselves and stay, as do letters of right-to-left scripts.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const unwanted = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

function cleanText(value: string): string {
  return value.replace(unwanted, "");
}

/** The same form with every text value cleaned; files are passed on as they came. */
export function cleanFormData(formData: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of formData.entries())
    cleaned.append(name, typeof value === "string" ? cleanText(value) : value);
  return cleaned;
}
