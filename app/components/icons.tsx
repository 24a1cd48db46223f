import type { JSX } from "react";
// Vite copies the sprite into the build under a name that changes with its content, so it can be cached for good;
// never inlined as a data: URL, which <use> may not reference.
import sprite from "./icons.svg?no-inline";

export type IconName =
  | "facebook"
  | "instagram"
  | "linkedin"
  | "youtube"
  | "whatsapp"
  | "x"
  | "twitter"
  | "github"
  | "email"
  | "portfolio"
  | "menu"
  | "close"
  | "arrow-left"
  | "arrow-right"
  | "chevron-left"
  | "chevron-right"
  | "phone"
  | "map-pin"
  | "user"
  | "users"
  | "lightbulb"
  | "message"
  | "trophy"
  | "calendar"
  | "heart"
  | "volume"
  | "volume-off"
  | "download"
  | "external";

/**
 * One of the site's icons, drawn from the sprite `icons.svg` (one <symbol> per name, with its own paint: brand marks
 * are solid shapes, interface glyphs 2 px strokes so they read at small sizes). Keeping the drawings in a file the
 * browser caches, rather than in the scripts, takes them out of every page's JavaScript.
 *
 * Decorative by contract: the surrounding link or button carries the accessible name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }): JSX.Element {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      className={className ?? "h-5 w-5"}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
