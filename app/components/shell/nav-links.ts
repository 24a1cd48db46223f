import { englishPath } from "~/i18n/locale";

/** A label of the navigation, as a key of the catalogue's `nav` group. */
export type NavLabel = "home" | "clubs" | "mentors" | "team" | "members" | "gallery" | "sih" | "tarang";

/**
 * The top navigation bar: the five links, in order, on the bar and in the mobile panel. `section` names the
 * other pages a link stands for: a club's page (/club/...) is in the clubs section, so Clubs is marked current there.
 * Paths are English: the shell turns them into the page's language.
 */
export const primaryLinks: readonly { to: string; label: NavLabel; section?: string }[] = [
  { to: "/", label: "home" },
  { to: "/clubs", label: "clubs", section: "/club" },
  { to: "/mentors", label: "mentors" },
  { to: "/team", label: "team" },
  { to: "/gallery", label: "gallery" },
];

/**
 * Whether a bar link is the visitor's place ("the active link is highlighted in red"): its page, or its section, in
 * either language.
 */
export function isCurrentLink(link: (typeof primaryLinks)[number], pathname: string): boolean {
  const path = englishPath(pathname);
  const within = (root: string) => path === root || path.startsWith(`${root}/`);
  if (link.to === "/") return path === "/";
  return within(link.to) || (link.section !== undefined && within(link.section));
}

/** The footer's Quick Links column (the footer calls /team "Members"). */
export const quickLinks: readonly { to: string; label: NavLabel }[] = [
  { to: "/", label: "home" },
  { to: "/clubs", label: "clubs" },
  { to: "/mentors", label: "mentors" },
  { to: "/team", label: "members" },
  { to: "/gallery", label: "gallery" },
  { to: "/sih", label: "sih" },
  { to: "/tarang", label: "tarang" },
];
