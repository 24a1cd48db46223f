import { useState, type JSX } from "react";
import { useHydrated } from "~/delivery/use-hydrated";
// Vite copies the sprite into the build under a name that changes with its content, so it can be cached for good;
// never inlined as a data: URL, which <use> may not reference.
import sprite from "./icons.svg?no-inline";
import spriteSource from "./icons.svg?raw";

/**
 * Server only: each icon's drawing as SVG markup (its symbol's content in a group carrying the symbol's paint). The
 * browser's bundle carries none of it: the condition is decided at build time.
 */
const drawings: ReadonlyMap<string, string> | null = import.meta.env.SSR ? readDrawings(spriteSource) : null;

function readDrawings(source: string): Map<string, string> {
  const symbol = /<symbol id="([^"]+)" viewBox="0 0 24 24"([^>]*)>([\s\S]*?)<\/symbol>/g;
  const found = new Map<string, string>();
  for (const [, name = "", paint = "", body = ""] of source.matchAll(symbol)) found.set(name, `<g${paint}>${body}</g>`);
  return found;
}

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
 * One of the site's icons, drawn in the sprite `icons.svg` (one <symbol> per name, with its own paint: brand marks
 * are solid shapes, interface glyphs 2 px strokes so they read at small sizes).
 *
 * The server writes the drawing itself into the page. An icon that points into the sprite file instead (<use>) costs
 * the browser a copy of the drawing per icon, built on the main thread once the file has arrived, after the first
 * paint: on the home page's 51 icons that was the largest task after it. Hydration keeps what the server drew (its
 * markup is not compared, and the browser's bundle holds no drawings); an icon the browser renders itself later, after
 * a client-side navigation or when its name changes, points into the sprite, which the browser then caches for good.
 *
 * Decorative by contract: the surrounding link or button carries the accessible name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }): JSX.Element {
  const hydrated = useHydrated();
  // The name this icon had when it was hydrated, if it was: the server's drawing of it is already in the page. Once
  // the name changes, that drawing is gone for good (React replaced it), even should the name change back.
  const [drawnByServer, setDrawnByServer] = useState(() => (hydrated ? null : name));
  if (drawnByServer !== null && name !== drawnByServer) setDrawnByServer(null);
  const frame = {
    viewBox: "0 0 24 24",
    width: "24",
    height: "24",
    className: className ?? "h-5 w-5",
    "aria-hidden": true,
    focusable: "false",
  } as const;
  if (drawings) return <svg {...frame} dangerouslySetInnerHTML={{ __html: drawings.get(name) ?? "" }} />;
  if (name === drawnByServer)
    return <svg {...frame} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <svg {...frame}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
