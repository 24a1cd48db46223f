/**
 * The top navigation bar: the five links, in order, on the bar and in the mobile panel. `section` names the
 * other pages a link stands for: a club's page (/club/...) is in the clubs section, so Clubs is marked current there.
 */
export const primaryLinks: readonly { to: string; label: string; section?: string }[] = [
  { to: "/", label: "Home" },
  { to: "/clubs", label: "Clubs", section: "/club" },
  { to: "/mentors", label: "Mentors" },
  { to: "/team", label: "Team" },
  { to: "/gallery", label: "Gallery" },
];

/** Whether a bar link is the visitor's place ("the active link is highlighted in red"): its page, or its section. */
export function isCurrentLink(link: (typeof primaryLinks)[number], pathname: string): boolean {
  const within = (root: string) => pathname === root || pathname.startsWith(`${root}/`);
  if (link.to === "/") return pathname === "/";
  return within(link.to) || (link.section !== undefined && within(link.section));
}

/** The footer's Quick Links column (the footer calls /team "Members"). */
export const quickLinks = [
  { to: "/", label: "Home" },
  { to: "/clubs", label: "Clubs" },
  { to: "/mentors", label: "Mentors" },
  { to: "/team", label: "Members" },
  { to: "/gallery", label: "Gallery" },
  { to: "/sih", label: "SIH 2025" },
  { to: "/tarang", label: "Tarang" },
] as const;
