import type { In } from "~/content/content-in";
import type { Site } from "~/content/schemas";

/**
 * The part of the site identity the root loader sends to the browser (the footer, the navbar, meta tags), its texts
 * in the page's language.
 */
export type PublicSite = In<
  Pick<Site, "name" | "tagline" | "url" | "email" | "address" | "logo" | "shareImage" | "aboutBlurb" | "socialLinks">
>;

/** Checked at the moment of use: a visitor can change the setting while the page is open. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
