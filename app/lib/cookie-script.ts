/**
 * Inline-script text that is true when `cookies` (a script expression holding `document.cookie`'s text) has the
 * cookie `name` set to exactly `value`. For the <head> script's checks, which run before any bundle.
 */
export const cookieHeldScript = (cookies: string, { name, value }: { name: string; value: string }) =>
  `/(?:^|;\\s*)${name}=${value}(?:;|$)/.test(${cookies})`;
