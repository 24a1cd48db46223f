/**
 * The council inbox's vocabulary, shared by the page, the triage form's schema, the CSV export and the store: its
 * sections, what a member can do with an entry of each, the statuses that follows, and the entries' ids.
 */

export const inboxSections = ["applications", "teams", "ideas", "suggestions"] as const;
export type InboxSection = (typeof inboxSections)[number];

export const triageActions = ["accept", "decline", "seen", "archive"] as const;
export type TriageAction = (typeof triageActions)[number];
export type EntryStatus = "new" | "accepted" | "declined" | "seen" | "archived";

interface SectionInfo {
  /** The section's heading and tab. */
  title: string;
  /** One entry, in a sentence ("This application ..."); also the prefix of its id ("application-12"). */
  kind: string;
  /** What a member can do with an entry here, in the order the buttons show. */
  actions: readonly TriageAction[];
  /** What the search box looks in, for its hint. */
  searchedFields: string;
}

export const sectionInfo: Record<InboxSection, SectionInfo> = {
  applications: {
    title: "Join applications",
    kind: "application",
    actions: ["accept", "decline"],
    searchedFields: "name, enrollment number, e-mail or phone number",
  },
  teams: {
    title: "Hackathon teams",
    kind: "team",
    actions: ["seen", "archive"],
    searchedFields: "team name, or a member's name, e-mail or phone number",
  },
  ideas: {
    title: "Ideas",
    kind: "idea",
    actions: ["seen", "archive"],
    searchedFields: "name, enrollment number or title",
  },
  suggestions: {
    title: "Suggestions",
    kind: "suggestion",
    actions: ["seen", "archive"],
    searchedFields: "name or enrollment number",
  },
};

export const statusAfter: Record<TriageAction, EntryStatus> = {
  accept: "accepted",
  decline: "declined",
  seen: "seen",
  archive: "archived",
};

export const actionLabels: Record<TriageAction, string> = {
  accept: "Accept",
  decline: "Decline",
  seen: "Mark as seen",
  archive: "Archive",
};

export const statusLabels: Record<EntryStatus, string> = {
  new: "New",
  accepted: "Accepted",
  declined: "Declined",
  seen: "Seen",
  archived: "Archived",
};

/** How a change reads in an entry's history: "Accepted by 0187CS221042". */
export const actionDone: Record<TriageAction, string> = {
  accept: "Accepted",
  decline: "Declined",
  seen: "Marked as seen",
  archive: "Archived",
};

/** What the inbox's door says (the 403 page, and the 503 when sign-in cannot be checked). */
export const councilAccessMessages = {
  notMember:
    "The council inbox is only for council members. Your account does not hold the council role; if you should " +
    "have it, ask the council's site administrator to grant it.",
  unavailable: "Unable to connect to the server. Try again later.",
} as const;

export function isInboxSection(value: unknown): value is InboxSection {
  return typeof value === "string" && (inboxSections as readonly string[]).includes(value);
}

/** "application-12" → the applications section's entry 12; anything else → undefined. */
export function parseEntryId(entryId: string): { section: InboxSection; number: number } | undefined {
  const match = /^([a-z]+)-([1-9]\d{0,11})$/.exec(entryId);
  if (!match) return undefined;
  const section = inboxSections.find((candidate) => sectionInfo[candidate].kind === match[1]);
  return section ? { section, number: Number(match[2]) } : undefined;
}

export function entryId(section: InboxSection, number: number): string {
  return `${sectionInfo[section].kind}-${number}`;
}
