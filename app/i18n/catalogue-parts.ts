/**
 * The catalogue as the browser loads it: in parts, each page only the parts it shows (the page registry, app/pages.ts,
 * lists them), so a page's JavaScript carries its own words and not the whole site's. The catalogue files stay whole,
 * one per area (app/i18n/catalogue/); the build makes each part from them (catalogue-parts-plugin.ts). Each leaf of the
 * catalogue is in exactly one part, or is the server's only (tests/i18n/catalogue-parts.test.ts).
 *
 * A part names catalogue paths: an area ("events") or a key of one ("forms.join").
 */
export const catalogueParts = {
  /** Every page: the header, menu, footer, language link and error screens. */
  shell: ["shell", "nav", "footer", "language", "errors"],
  /** The content pages, when React renders one after a client navigation (they ship no framework themselves). */
  content: ["content", "pages"],
  /** The event pages: the hackathon's, Tarang's and its categories'. */
  events: [
    "events.calendar",
    "events.coordinators",
    "events.opensInNewTab",
    "events.sih",
    "events.tarang",
    "events.tarangCategory",
  ],
  /** The hackathon team's pages, each its heading and words: registering a team, a member's link, adding a member. */
  sihRegistration: ["events.pages.sihRegistration.title", "events.sihRegistration"],
  sihTeamMember: ["events.pages.sihTeamMember.title", "events.teamMember"],
  sihAddMember: ["events.pages.sihTeamAddMember.title", "events.addMember"],
  /**
   * What every form shares: the rules' and fields' words, the privacy line, and the success dialog of the login and
   * the registration (a part of its own cost those pages more in its file's overhead than its words cost the others).
   */
  forms: ["forms.rules", "forms.fields", "forms.privacyNote", "forms.successDialog"],
  join: ["forms.join"],
  notes: ["forms.suggestion", "forms.ideas"],
  login: ["forms.login", "account.login"],
  registration: ["forms.idCard", "forms.registration", "account.registration"],
  claim: ["forms.collegeIdClaim", "account.claim"],
  verify: ["forms.verifyEmail", "account.verify"],
  profile: ["account.profile", "account.email", "account.data", "forms.logout"],
  deleteAccount: ["account.delete", "forms.deleteAccount"],
  team: ["forms.team", "forms.member"],
  teamMember: ["forms.teamMember"],
} as const satisfies Record<string, readonly string[]>;

export type CataloguePart = keyof typeof catalogueParts;

/**
 * Catalogue paths only the server says: a backend's refusal, put into words before it reaches a page, and the event
 * pages' titles and descriptions, which reach the page's <head> through the root loader.
 */
export const serverOnlyTexts = [
  "forms.refusals",
  "forms.submission",
  "events.registration",
  "titles",
  "events.pages.sih",
  "events.pages.tarang",
  "events.pages.sihRegistration.description",
  "events.pages.sihTeamMember.description",
  "events.pages.sihTeamAddMember.description",
] as const;

/** The part of a catalogue at `paths`, in the catalogue's own shape: { forms: { join: … } }. */
export function pickTexts(catalogue: object, paths: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const dotted of paths) {
    const keys = dotted.split(".");
    let from: unknown = catalogue;
    let into = picked;
    keys.forEach((key, index) => {
      from = (from as Record<string, unknown> | undefined)?.[key];
      if (index === keys.length - 1) into[key] = from;
      else into = (into[key] ??= {}) as Record<string, unknown>;
    });
    if (from === undefined) throw new Error(`The catalogue has no texts at "${dotted}"`);
  }
  return picked;
}
