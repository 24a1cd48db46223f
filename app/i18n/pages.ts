import { matchPath } from "react-router";

/**
 * The pages that exist in both languages, as route table entries: routes.ts makes each an English route at `path`
 * and a Hindi twin at `hi/path` (same module, its own route id). The council inbox, files and machine-facing
 * resources are English only and stay out of this list.
 */
export interface BilingualPage {
  /** The English path as the route table writes it ("" for the home page). */
  path: string;
  file: string;
  /** A route id of its own, where one module serves several routes; the Hindi twin's is `hi-<id>`. */
  id?: string;
}

export const tarangCategoryPaths = ["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"] as const;

export const bilingualPages: readonly BilingualPage[] = [
  { path: "", file: "routes/home.tsx" },
  { path: "clubs", file: "routes/clubs.tsx" },
  { path: "club/:clubName", file: "routes/club-detail.tsx" },
  { path: "mentors", file: "routes/mentors.tsx" },
  { path: "team", file: "routes/team.tsx" },
  { path: "developers", file: "routes/developers.tsx" },
  { path: "gallery", file: "routes/gallery.tsx" },
  { path: "join", file: "routes/join.tsx" },
  { path: "suggestion", file: "routes/suggestion.tsx" },
  { path: "ideas", file: "routes/ideas.tsx" },
  { path: "login", file: "routes/login.tsx" },
  { path: "userProfile", file: "routes/user-profile.tsx" },
  { path: "userProfile/delete", file: "routes/user-profile-delete.tsx" },
  { path: "userProfileRegistration", file: "routes/user-profile-registration.tsx" },
  { path: "college-id-claim", file: "routes/college-id-claim.tsx" },
  { path: "verify-email", file: "routes/verify-email.tsx" },
  { path: "sih", file: "routes/sih.tsx" },
  { path: "sih/registration", file: "routes/sih-registration.tsx" },
  { path: "sih/team-member", file: "routes/sih-team-member.tsx" },
  { path: "sih/team/add-member", file: "routes/sih-team-add-member.tsx" },
  { path: "tarang", file: "routes/tarang.tsx" },
  { path: "privacy", file: "routes/privacy.tsx" },
  ...tarangCategoryPaths.map((category) => ({
    path: category,
    file: "routes/tarang-category.tsx",
    id: `tarang-${category}`,
  })),
];

/** The Hindi twin's route id: the English route's id (given, or React Router's from the file) under `hi-`. */
export function hindiRouteId(page: BilingualPage): string {
  return `hi-${page.id ?? page.file.replace(/\.[jt]sx?$/, "")}`;
}

/** Whether the page at this English path has a Hindi twin (the not-found screen and the council's pages do not). */
export function isBilingualPath(englishPathname: string): boolean {
  return bilingualPages.some((page) => matchPath({ path: `/${page.path}`, end: true }, englishPathname) !== null);
}
