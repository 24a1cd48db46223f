import { cookieHeldScript } from "./cookie-script";

/**
 * The home page's hackathon popup remembers, for 30 days, that a visitor closed it: a cookie, set by the browser's
 * script when it runs and by the close button's form (/hackathon-popup) when it does not. The home page is the same
 * HTML for everyone (it is served from the page cache), so the server never decides whether the popup shows. With
 * JavaScript, a line in the page's <head> (popupDismissedScript) marks the page before it paints and app.css hides the
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

/** True when the Cookie header (or document.cookie) says the popup was dismissed. */
export function popupDismissed(cookies: string | null | undefined): boolean {
  return (cookies ?? "").split(";").some((pair) => pair.trim() === `${popupCookie.name}=${popupCookie.value}`);
}

/**
 * Run in the <head> before the first paint, given the expression that holds the page's cookies: marks the page so
 * app.css hides a dismissed popup at once.
 */
export const popupDismissedScript = (cookies: string) =>
  `if(${cookieHeldScript(cookies, popupCookie)})` + `document.documentElement.setAttribute("data-popup-dismissed","")`;
