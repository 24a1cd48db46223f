import { cookieHeld, writeCookie } from "~/behaviours/cookies";

/**
 * The home page's hackathon popup remembers, for 30 days, that a visitor closed it: a cookie, set by the browser's
 * script when it runs and by the close button's form (/hackathon-popup) when it does not. The home page is the same
 * HTML for everyone (it is served from the page cache), so the server never decides whether the popup shows. With
 * JavaScript, a line in the page's <head> (markIfPopupDismissed) marks the page before it paints and app.css hides the
 * popup; without it, a tiny stylesheet, /hackathon-popup, answers per visitor with a rule that hides it when the
 * cookie is there (docs/decisions/0010-hackathon-popup-dismissal.md).
 */
export const popupCookie = {
  name: "hackathon-popup",
  value: "dismissed",
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

export const popupPath = "/hackathon-popup";
export const popupElementId = "hackathon-popup";

/** The Set-Cookie value (also written by the browser's script): readable by scripts, as it holds nothing personal. */
export function popupCookieText(secure: boolean): string {
  const attributes = [
    `${popupCookie.name}=${popupCookie.value}`,
    `Max-Age=${popupCookie.maxAgeSeconds}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** The mark on <html> that app.css hides the popup by. */
export const popupDismissedAttribute = "data-popup-dismissed";

/**
 * The one rule for "the visitor closed the popup": the cookie. Read by the server for /hackathon-popup (visitors
 * without scripts), and in the <head> before the first paint (app/delivery/inline/head.ts).
 */
export function popupDismissed(cookies: string | null | undefined): boolean {
  return cookieHeld(cookies, popupCookie);
}

/** In the <head>: marks the page before it paints, so app.css hides a dismissed popup at once. */
export function markIfPopupDismissed(cookies: string): void {
  if (popupDismissed(cookies)) document.documentElement.setAttribute(popupDismissedAttribute, "");
}

/** The visitor closed it: hidden for the rest of the page's life, and the cookie for later visits. */
export function dismissPopup(): void {
  document.documentElement.setAttribute(popupDismissedAttribute, "");
  writeCookie(popupCookie, `Max-Age=${popupCookie.maxAgeSeconds}; Path=/; SameSite=Lax`);
}
