import type { SentSummary } from "~/types/students-data";
import { identity, submissions } from "../backend/running-backends.server";
import type { BackendCredentials, Outcome, SentItems } from "../backend/council-backend.server";
import { env } from "../ops/env.server";
import { log } from "../ops/log.server";
import { getCredentials } from "../accounts/session.server";
import { proofOf } from "./student-proof.server";

/**
 * Students' rights over their data, over whichever adapters run: what they sent (the profile), everything the site
 * keeps about them (the download) and erasure on request. Where the council API owns accounts or entries the site
 * holds nothing to show or erase, and `keptOnSite()` is false: the pages then say whom to write to.
 */

/** Asked of the running app at each use, not when this module is imported: importing it composes nothing. */
export const keptOnSite = (): boolean =>
  identity.accountRecord !== undefined && identity.eraseAccount !== undefined && submissions.students !== undefined;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The account key of the visitor sending a form, when signed in: the entry is recorded as theirs (StudentProof). A
 * visitor who is not signed in, or whose sign-in cannot be checked now, sends an entry that no account owns until
 * an address or College ID is proven.
 */
export async function senderKey(request: Request): Promise<string | undefined> {
  const credentials = await getCredentials(request);
  if (!credentials) return undefined;
  const state = await identity.whoIsSignedIn(credentials);
  return state.status === "signed-in" ? state.accountKey : undefined;
}

/** The profile's "What you sent", or undefined where the site keeps no such data (or the store cannot answer). */
export async function sentSummary(credentials: BackendCredentials): Promise<SentSummary | undefined> {
  if (!keptOnSite()) return undefined;
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) return undefined;
  const sent = await submissions.students!.sentBy(proofOf(record.value));
  if (!sent.ok) return undefined;
  const card = record.value.idCard;
  return {
    applications: sent.value.applications.map(({ club, receivedAt, decision }) => ({ club, receivedAt, decision })),
    teams: sent.value.teams.map(({ teamName, member, receivedAt }) => ({ teamName, role: member.role, receivedAt })),
    ideas: sent.value.ideas.map(({ title, receivedAt }) => ({ title, receivedAt })),
    suggestions: sent.value.suggestions.map(({ problem, receivedAt }) => ({ problem, receivedAt })),
    idCard: !card
      ? { status: "none" }
      : "deletedAt" in card
        ? { status: "deleted", deletedAt: card.deletedAt }
        : {
            status: "kept",
            deleteOn: new Date(Date.parse(card.sentAt) + env.retention.idCardDays * dayMs).toISOString(),
          },
  };
}

/** Everything the site keeps about the signed-in student, for "Download my data": never a password or its hash. */
export async function studentDataExport(
  credentials: BackendCredentials,
): Promise<Outcome<{ collegeId: string; document: Record<string, unknown> }>> {
  if (!keptOnSite()) return { ok: false, reason: "rejected", refusal: { code: "noCopyKept" } };
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) return record;
  const { collegeId, details, createdAt, idCard, emailVerified, collegeIdChecked } = record.value;
  const sent = await submissions.students!.sentBy(proofOf(record.value));
  if (!sent.ok) return sent;
  return {
    ok: true,
    value: {
      collegeId,
      document: {
        exportedAt: new Date().toISOString(),
        account: { collegeId, ...details, createdAt, emailVerified, collegeIdChecked },
        idCard: !idCard
          ? null
          : "deletedAt" in idCard
            ? { deletedAt: idCard.deletedAt }
            : {
                mediaType: idCard.mediaType,
                sentAt: idCard.sentAt,
                base64: Buffer.from(idCard.bytes).toString("base64"),
              },
        ...(sent.value satisfies SentItems),
      },
    },
  };
}

/**
 * Erases the signed-in student's entries, then their account (so a failure half-way leaves them able to sign in and
 * ask again); one log line, without personal data.
 */
export async function eraseStudent(credentials: BackendCredentials): Promise<Outcome> {
  if (!keptOnSite()) return { ok: false, reason: "rejected", refusal: { code: "noCopyKept" } };
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) return record;
  const entries = await submissions.students!.erase(proofOf(record.value));
  if (!entries.ok) return entries;
  const account = await identity.eraseAccount!(credentials);
  if (!account.ok) return account;
  const { applications, ideas, suggestions, teamMemberships, teamsLed } = entries.value;
  log.info(
    `Erasure: an account was erased on the student's request, with ${applications} applications, ${ideas} ideas, ` +
      `${suggestions} suggestions, ${teamMemberships} team memberships and ${teamsLed} teams led.`,
  );
  return { ok: true };
}
