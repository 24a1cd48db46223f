import { matchPath } from "react-router";
import type { CataloguePart } from "./catalogue-parts.ts";
import { englishPath } from "./locale.ts";

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
  /** The catalogue's parts its page shows, besides the shell's (app/i18n/catalogue-parts.ts): what the browser loads. */
  texts: readonly CataloguePart[];
}

export const tarangCategoryPaths = ["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"] as const;

export const bilingualPages: readonly BilingualPage[] = [
  { path: "", file: "routes/home.tsx", texts: ["content"] },
  { path: "clubs", file: "routes/clubs.tsx", texts: ["content"] },
  { path: "club/:clubName", file: "routes/club-detail.tsx", texts: ["content"] },
  { path: "mentors", file: "routes/mentors.tsx", texts: ["content"] },
  { path: "team", file: "routes/team.tsx", texts: ["content"] },
  { path: "developers", file: "routes/developers.tsx", texts: ["content"] },
  { path: "gallery", file: "routes/gallery.tsx", texts: ["content"] },
  { path: "join", file: "routes/join.tsx", texts: ["forms", "join"] },
  { path: "suggestion", file: "routes/suggestion.tsx", texts: ["forms", "notes"] },
  { path: "ideas", file: "routes/ideas.tsx", texts: ["forms", "notes"] },
  { path: "login", file: "routes/login.tsx", texts: ["forms", "login"] },
  { path: "userProfile", file: "routes/user-profile.tsx", texts: ["profile"] },
  { path: "userProfile/delete", file: "routes/user-profile-delete.tsx", texts: ["forms", "deleteAccount"] },
  {
    path: "userProfileRegistration",
    file: "routes/user-profile-registration.tsx",
    texts: ["forms", "registration"],
  },
  { path: "college-id-claim", file: "routes/college-id-claim.tsx", texts: ["forms", "registration", "claim"] },
  { path: "verify-email", file: "routes/verify-email.tsx", texts: ["forms", "verify"] },
  { path: "sih", file: "routes/sih.tsx", texts: ["events"] },
  { path: "sih/registration", file: "routes/sih-registration.tsx", texts: ["forms", "team", "sihRegistration"] },
  { path: "sih/team-member", file: "routes/sih-team-member.tsx", texts: ["forms", "teamMember", "sihTeamMember"] },
  {
    path: "sih/team/add-member",
    file: "routes/sih-team-add-member.tsx",
    texts: ["forms", "team", "teamMember", "sihAddMember"],
  },
  { path: "tarang", file: "routes/tarang.tsx", texts: ["events"] },
  { path: "privacy", file: "routes/privacy.tsx", texts: ["content", "forms"] },
  ...tarangCategoryPaths.map((category) => ({
    path: category,
    file: "routes/tarang-category.tsx",
    id: `tarang-${category}`,
    texts: ["events"] as const,
  })),
];

/** The Hindi twin's route id: the English route's id (given, or React Router's from the file) under `hi-`. */
export function hindiRouteId(page: BilingualPage): string {
  return `hi-${page.id ?? page.file.replace(/\.[jt]sx?$/, "")}`;
}

/** The bilingual page at this English path, if it is one. */
function pageAt(englishPathname: string): BilingualPage | undefined {
  return bilingualPages.find((page) => matchPath({ path: `/${page.path}`, end: true }, englishPathname) !== null);
}

/** Whether the page at this English path has a Hindi twin (the not-found screen and the council's pages do not). */
export function isBilingualPath(englishPathname: string): boolean {
  return pageAt(englishPathname) !== undefined;
}

/** The catalogue's parts the page at `pathname` (either language) shows: the shell's, and its own. */
export function cataloguePartsOf(pathname: string): CataloguePart[] {
  return ["shell", ...(pageAt(englishPath(pathname))?.texts ?? [])];
}

/**
 * Every set of parts a page loads, once each, as `cataloguePartsOf` gives them: the build makes each set one module
 * (catalogue-parts-plugin.ts), so that a first visit downloads its page's words in one file.
 */
export function cataloguePartSets(): CataloguePart[][] {
  const sets = new Map<string, CataloguePart[]>([["shell", ["shell"]]]);
  for (const page of bilingualPages) {
    const parts: CataloguePart[] = ["shell", ...page.texts];
    sets.set(parts.join("+"), parts);
  }
  return [...sets.values()];
}
