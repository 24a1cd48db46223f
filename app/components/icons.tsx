import type { JSX } from "react";

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

type Glyph = { kind: "fill" | "stroke"; body: JSX.Element };

// Brand marks are solid shapes; interface glyphs are 2 px strokes so they read at small sizes.
const filled = (body: JSX.Element): Glyph => ({ kind: "fill", body });
const stroked = (body: JSX.Element): Glyph => ({ kind: "stroke", body });

const glyphs: Record<IconName, Glyph> = {
  facebook: filled(
    <path d="M13.5 21v-7.5h2.6l.4-3.1h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H7.9v3.1h2.6V21z" />,
  ),
  instagram: stroked(
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </>,
  ),
  linkedin: filled(
    <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5M3 9.75h4V21H3zM9.5 9.75h3.8v1.55h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-5c0-1.2 0-2.74-1.67-2.74-1.67 0-1.93 1.3-1.93 2.65V21h-4z" />,
  ),
  youtube: filled(
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8M10 15V9l5.2 3z" />,
  ),
  whatsapp: filled(
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2m0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2m4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2s.2-1.1.2-1.2-.2-.2-.5-.3" />,
  ),
  x: filled(
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.36 5.77zm-1.08 16.17h1.7L7.4 4.73H5.58z" />,
  ),
  twitter: filled(
    <path d="M22 5.9a8.2 8.2 0 0 1-2.4.6 4.1 4.1 0 0 0 1.8-2.2 8.2 8.2 0 0 1-2.6 1 4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 1 3.4 4.7a4.1 4.1 0 0 0 1.3 5.5 4.1 4.1 0 0 1-1.9-.5 4.1 4.1 0 0 0 3.3 4 4.1 4.1 0 0 1-1.8.1 4.1 4.1 0 0 0 3.8 2.8A8.2 8.2 0 0 1 2 18.3a11.6 11.6 0 0 0 6.3 1.8c7.5 0 11.7-6.3 11.7-11.7v-.5A8.3 8.3 0 0 0 22 5.9" />,
  ),
  github: filled(
    <path d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2" />,
  ),
  email: stroked(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>,
  ),
  portfolio: stroked(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>,
  ),
  menu: stroked(<path d="M4 6h16M4 12h16M4 18h16" />),
  close: stroked(<path d="M6 6l12 12M18 6 6 18" />),
  "arrow-left": stroked(<path d="M19 12H5m6-6-6 6 6 6" />),
  "arrow-right": stroked(<path d="M5 12h14m-6-6 6 6-6 6" />),
  "chevron-left": stroked(<path d="m15 6-6 6 6 6" />),
  "chevron-right": stroked(<path d="m9 6 6 6-6 6" />),
  phone: stroked(
    <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
  ),
  "map-pin": stroked(
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>,
  ),
  user: stroked(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 21a7.5 7.5 0 0 1 15 0" />
    </>,
  ),
  users: stroked(
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14.5A6.5 6.5 0 0 1 21.5 20" />
    </>,
  ),
  lightbulb: stroked(
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3" />,
  ),
  message: stroked(<path d="M4 5h16v11H9l-5 4z" />),
  trophy: stroked(
    <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 13v4M8 21h8M9 17h6v4H9z" />,
  ),
  calendar: stroked(
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>,
  ),
  heart: stroked(<path d="M12 20s-7.5-4.6-9.2-9.3A4.8 4.8 0 0 1 12 6.7a4.8 4.8 0 0 1 9.2 4C19.5 15.4 12 20 12 20" />),
  volume: stroked(<path d="M4 9v6h4l5 4V5L8 9zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />),
  "volume-off": stroked(<path d="M4 9v6h4l5 4V5L8 9zM17 9.5l5 5M22 9.5l-5 5" />),
  download: stroked(<path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />),
  external: stroked(<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />),
};

/** Decorative by contract: the surrounding link or button carries the accessible name. */
export function Icon({ name, className }: { name: IconName; className?: string }): JSX.Element {
  const glyph = glyphs[name];
  const paint =
    glyph.kind === "fill"
      ? { fill: "currentColor" }
      : {
          fill: "none",
          stroke: "currentColor",
          strokeWidth: 2,
          strokeLinecap: "round" as const,
          strokeLinejoin: "round" as const,
        };
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      className={className ?? "h-5 w-5"}
      aria-hidden="true"
      focusable="false"
      {...paint}
    >
      {glyph.body}
    </svg>
  );
}
