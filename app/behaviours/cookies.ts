/** A cookie as a name and the one value a check looks for. */
export interface CookieMark {
  name: string;
  value: string;
}

/**
 * Whether a Cookie header, or `document.cookie`'s text, holds `name` set to exactly `value`. The one reading of a
 * mark cookie, for the server and for the browser's scripts alike.
 */
export function cookieHeld(cookies: string | null | undefined, { name, value }: CookieMark): boolean {
  return (cookies ?? "").split(";").some((pair) => pair.trim() === `${name}=${value}`);
}

/** Writes a mark cookie from the browser, Secure on https. `attributes` as in a Set-Cookie header, without Secure. */
export function writeCookie({ name, value }: CookieMark, attributes: string): void {
  document.cookie = `${name}=${value}; ${attributes}${location.protocol === "https:" ? "; Secure" : ""}`;
}
