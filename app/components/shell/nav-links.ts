/** Section 2, top navigation bar: the five links, in order, on the bar and in the mobile panel. */
export const primaryLinks = [
  { to: "/", label: "Home" },
  { to: "/clubs", label: "Clubs" },
  { to: "/mentors", label: "Mentors" },
  { to: "/team", label: "Team" },
  { to: "/gallery", label: "Gallery" },
] as const;

/** Section 1, footer: the Quick Links column (the footer calls /team "Members"). */
export const quickLinks = [
  { to: "/", label: "Home" },
  { to: "/clubs", label: "Clubs" },
  { to: "/mentors", label: "Mentors" },
  { to: "/team", label: "Members" },
  { to: "/gallery", label: "Gallery" },
  { to: "/sih", label: "SIH 2025" },
  { to: "/tarang", label: "Tarang" },
] as const;
