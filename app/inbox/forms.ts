import { z } from "~/forms/zod";
import {
  actionDone,
  inboxSections,
  parseEntryId,
  sectionInfo,
  statusAfter,
  statusLabels,
  triageActions,
  type InboxSection,
  type TriageAction,
} from "~/inbox/sections";

/**
 * The council inbox's forms: the search (a GET form: section, search text, page), the triage buttons (a POST form
 * per entry: which entry, what to do with it) and the confirmed Erase button (a POST form per entry).
 */

/** Entries per page: enough to scan on a phone without an endless page. */
export const inboxPageSize = 20;
export const searchMaxLength = 100;

/** The inbox's address query, forgiving: anything unusable falls back to the first section, no search, page 1. */
export const inboxQuerySchema = z.object({
  section: z.enum(inboxSections).catch("applications"),
  q: z
    .string()
    .trim()
    .transform((text) => text.slice(0, searchMaxLength))
    .catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type InboxAddress = z.output<typeof inboxQuerySchema>;

export function parseInboxQuery(searchParams: URLSearchParams): InboxAddress {
  return inboxQuerySchema.parse({
    section: searchParams.get("section") ?? undefined,
    q: searchParams.get("q") ?? "",
    page: searchParams.get("page") ?? undefined,
  });
}

/**
 * The inbox's address for a section, a search and a page; the defaults are left out. `erase` asks for the
 * confirmation step of one entry's Erase button.
 */
export function inboxHref({
  section,
  q = "",
  page = 1,
  erase,
}: {
  section: InboxSection;
  q?: string;
  page?: number;
  erase?: string;
}): string {
  const params = new URLSearchParams();
  if (section !== "applications") params.set("section", section);
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  if (erase) params.set("erase", erase);
  const query = params.toString();
  return query ? `/council?${query}` : "/council";
}

/** What each section's entries can be, for the message when a request asks for anything else. */
const allowedActions: Record<InboxSection, string> = {
  applications: "An application can only be accepted or declined.",
  teams: "A team can only be marked as seen or archived.",
  ideas: "An idea can only be marked as seen or archived.",
  suggestions: "A suggestion can only be marked as seen or archived.",
};

export const triageMessages = {
  unknownEntry: "That entry does not exist.",
  unknownAction: "Choose Accept, Decline, Mark as seen or Archive.",
  allowedActions,
} as const;

const entryField = z
  .string({ error: triageMessages.unknownEntry })
  .refine((entry) => parseEntryId(entry) !== undefined, { error: triageMessages.unknownEntry });

/** One triage button: the entry ("application-12") and the action its section offers. */
const triageRequest = z
  .object({
    intent: z.literal("triage"),
    entry: entryField,
    action: z.enum(triageActions, { error: triageMessages.unknownAction }),
  })
  .superRefine(({ entry, action }, context) => {
    const parsed = parseEntryId(entry);
    if (parsed && !sectionInfo[parsed.section].actions.includes(action)) {
      context.addIssue({ code: "custom", path: ["action"], message: allowedActions[parsed.section] });
    }
  });

/** The confirmed Erase button: the entry to remove for good. */
const eraseRequest = z.object({ intent: z.literal("erase"), entry: entryField });

/**
 * Everything an inbox entry's forms post, told apart by `intent`. The triage buttons send none, so a request
 * without one is a triage.
 */
export const inboxActionSchema = z.preprocess(
  (input) => (isRecord(input) && input.intent === undefined ? { ...input, intent: "triage" } : input),
  z.discriminatedUnion("intent", [triageRequest, eraseRequest], { error: triageMessages.unknownAction }),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export const eraseMessages = {
  confirm: "Erase this entry for good? Only do this when the student asked for it. It cannot be undone.",
  done: "The entry was erased.",
} as const;

/** The flash message after a triage button: "Application accepted." or "This application was already accepted." */
export function triageDoneMessage(entry: string, action: TriageAction, changed: boolean): string {
  const parsed = parseEntryId(entry);
  const kind = parsed ? sectionInfo[parsed.section].kind : "entry";
  if (!changed) return `This ${kind} was already ${statusLabels[statusAfter[action]].toLowerCase()}.`;
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${actionDone[action].toLowerCase()}.`;
}

/** A triage request is two short fields: anything near this size is not one of ours. */
export const triageMaxBytes = 2 * 1024;
