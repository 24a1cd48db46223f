/**
 * The one phone rule of the site, used by every form's schema on the server and in the browser, by the phone
 * fields while typing and by every page or export that shows a stored number.
 *
 * A student may write an Indian mobile number many ways: "98765 43210", "+91 98765 43210", "(0)98765-43210",
 * "919876543210". All of them are the same number. Spaces, dashes, brackets and dots are dropped, then one leading
 * "+91", "91" (only when more than ten digits remain, so a number that itself starts with 91 survives) or "0";
 * what is left must be exactly ten digits starting with 6, 7, 8 or 9. A longer number is refused, never cut: cutting
 * "+91 98765 43210" to its first ten digits stored a wrong number that still looked valid.
 *
 * Stored form: E.164, "+919876543210", for every form (applications, accounts, team members). Shown form:
 * "+91 98765 43210". Rows stored before this rule ("9876543210") are shown the same way.
 */

const separators = /[\s\-().]/g;
const mobile = /^[6-9]\d{9}$/;

/** Devanagari digits (०-९, as a Hindi keyboard types them) as the digits 0-9; every other character as it is. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
}

/** The ten national digits of an Indian mobile number, or undefined when the text is not one. */
export function mobileDigits(input: string): string | undefined {
  let text = westernDigits(input).replace(separators, "");
  if (text.startsWith("+91")) text = text.slice(3);
  else if (text.startsWith("91") && text.length > 10) text = text.slice(2);
  else if (text.startsWith("0")) text = text.slice(1);
  return mobile.test(text) ? text : undefined;
}

/** True when the text is an Indian mobile number under the site's rule. */
export function isMobileNumber(input: string): boolean {
  return mobileDigits(input) !== undefined;
}

/** The stored form, "+919876543210"; undefined when the text is not an Indian mobile number. */
export function canonicalPhone(input: string): string | undefined {
  const digits = mobileDigits(input);
  return digits === undefined ? undefined : `+91${digits}`;
}

/** How every page and export shows a stored number: "+91 98765 43210". Anything else is shown as it was stored. */
export function displayPhone(stored: string): string {
  const digits = mobileDigits(stored);
  return digits === undefined ? stored : `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/**
 * What a phone field (shown after a fixed "+91") holds after each keystroke or paste: a complete number becomes its
 * ten digits; anything else keeps every digit and separator the student typed, with only other characters removed,
 * so nothing pasted is lost and the form's message can say what is wrong.
 */
export function tidyPhoneInput(value: string): string {
  const digits = mobileDigits(value);
  if (digits !== undefined) return digits;
  return westernDigits(value).replace(/[^\d\s\-().+]/g, "");
}

/**
 * What a phone field (shown after its fixed "+91") shows of a number put back into it, such as a refused form's
 * entries: a complete number as its ten digits, as typing tidies it; anything else as written, less a leading "+91"
 * the field already shows. Without scripts a pasted "+91 98765 43210" came back as "+91 | +91 98765 43210".
 */
export function phoneFieldValue(value: string): string {
  return mobileDigits(value) ?? value.replace(/^\s*\+91[\s\-().]*/, "");
}
