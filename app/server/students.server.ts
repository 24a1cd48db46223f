import type { SentSummary } from "~/lib/students-data";
import { identity, submissions } from "./backend/index.server";
import type { BackendCredentials, Outcome, SentItems, StudentKey } from "./backend/council-backend.server";
import { env } from "./env.server";
import { log } from "./log.server";

/**
 * Students' rights over their data, over whichever adapters run: what they sent (the profile), everything the site
 * keeps about them (the download) and erasure on request. Where the council API owns accounts or entries the site
 * holds nothing to show or erase, and `onSite` is false: the pages then say whom to write to.
 */

export const onSite =
  identity.accountRecord !== undefined && identity.eraseAccount !== undefined && submissions.students !== undefined;

const dayMs = 24 * 60 * 60 * 1000;

/** The profile's "What you sent", or undefined where the site keeps no such data (or the store cannot answer). */
export async function sentSummary(
  credentials: BackendCredentials,
  student: StudentKey,
): Promise<SentSummary | undefined> {
  if (!onSite) return undefined;
  const [sent, record] = await Promise.all([
    submissions.students!.sentBy(student),
    identity.accountRecord!(credentials),
  ]);
  if (!sent.ok) return undefined;
  const card = record.ok ? record.value.idCard : null;
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
  if (!onSite) return { ok: false, reason: "rejected", message: "This site keeps no copy of your data." };
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) return record;
  const { collegeId, details, createdAt, idCard } = record.value;
  const sent = await submissions.students!.sentBy({ enrollment: collegeId, email: details.email });
  if (!sent.ok) return sent;
  return {
    ok: true,
    value: {
      collegeId,
      document: {
        exportedAt: new Date().toISOString(),
        account: { collegeId, ...details, createdAt },
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
  if (!onSite) return { ok: false, reason: "rejected", message: "This site keeps no copy of your data." };
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) return record;
  const entries = await submissions.students!.erase({
    enrollment: record.value.collegeId,
    email: record.value.details.email,
  });
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
