import { z } from "~/forms/zod";
import type { InboxEntry } from "~/inbox/entries";
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
 * per entry: which entry, what to do with it), "E-mail the decision" (a POST form per decided application) and the
 * confirmed Erase button (a POST form per entry).
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

export const tellMessages = {
  onlyApplications: "Only the decision on a join application can be e-mailed.",
  sent: (decision: "accepted" | "declined") => `The student will be e-mailed that the application was ${decision}.`,
  alreadySent: "The student was already e-mailed this decision.",
} as const;

/** "E-mail the decision": the application whose current decision its student should hear. */
const tellRequest = z.object({
  intent: z.literal("tell"),
  // An id that names no entry at all gets entryField's message only.
  entry: entryField.refine((entry) => (parseEntryId(entry)?.section ?? "applications") === "applications", {
    error: tellMessages.onlyApplications,
  }),
});

/**
 * Everything an inbox entry's forms post, told apart by `intent`. The triage buttons send none, so a request
 * without one is a triage.
 */
export const inboxActionSchema = z.preprocess(
  (input) => (isRecord(input) && input.intent === undefined ? { ...input, intent: "triage" } : input),
  z.discriminatedUnion("intent", [triageRequest, eraseRequest, tellRequest], { error: triageMessages.unknownAction }),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export const eraseMessages = {
  confirm: "Only do this when the student asked for it. It cannot be undone.",
  done: "The entry was erased.",
} as const;

/** Words of a sentence, some of them typed by a student (`student`): the page isolates those (`<bdi>`). */
export type QuestionPart = string | { student: string };

/**
 * The Erase confirmation's question, naming whose entry it is and what it is called, so the member erases the one
 * they mean: "Erase the application of Ananya Sharma to join Coding Club for good? Only do this when ..."
 */
export function eraseQuestionParts(entry: InboxEntry): QuestionPart[] {
  const what: QuestionPart[] = (() => {
    switch (entry.section) {
      case "applications":
        return [
          "the application of ",
          { student: entry.application.name },
          " to join ",
          { student: entry.application.club },
        ];
      case "teams": {
        const leader = entry.team.members[0]?.name;
        return [
          "the team “",
          { student: entry.team.teamName },
          "”",
          ...(leader ? [" led by ", { student: leader }] : []),
          ", with its members",
        ];
      }
      case "ideas":
        return ["the idea “", { student: entry.idea.title }, "” of ", { student: entry.idea.name }];
      case "suggestions":
        return ["the suggestion of ", { student: entry.suggestion.name }];
    }
  })();
  return ["Erase ", ...what, ` for good? ${eraseMessages.confirm}`];
}

/** The question as plain text. */
export function eraseConfirmQuestion(entry: InboxEntry): string {
  return eraseQuestionParts(entry)
    .map((part) => (typeof part === "string" ? part : part.student))
    .join("");
}

/** The flash message after a triage button: "Application accepted." or "This application was already accepted." */
export function triageDoneMessage(entry: string, action: TriageAction, changed: boolean): string {
  const parsed = parseEntryId(entry);
  const kind = parsed ? sectionInfo[parsed.section].kind : "entry";
  if (!changed) return `This ${kind} was already ${statusLabels[statusAfter[action]].toLowerCase()}.`;
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${actionDone[action].toLowerCase()}.`;
}

/** A triage request is two short fields: anything near this size is not one of ours. */
export const triageMaxBytes = 2 * 1024;
