import { identity, submissions } from "../backend/running-backends.server";
import type { BackendCredentials, Outcome, StudentProof } from "../backend/council-backend.server";
import type { LedTeam, TeamSender, TeamTold } from "../backend/team-backend.server";
import { getCredentials } from "../accounts/session.server";
import { proofOf } from "./student-proof.server";

/**
 * The hackathon teams a signed-in student leads, by proof (docs/decisions/0017: they sent the team while signed in,
 * or the leader's row carries their verified e-mail), for the profile, "Add a member" and "Delete my account"; and the
 * profile's "Tell my team's members" for a team whose leader's row is the account's confirmed address.
 */

/** The account's proof, or undefined where the site keeps no accounts or teams of its own (or cannot answer now). */
export async function proofFor(credentials: BackendCredentials): Promise<StudentProof | undefined> {
  if (!identity.accountRecord || !submissions.teamMembers) return undefined;
  const record = await identity.accountRecord(credentials);
  return record.ok ? proofOf(record.value) : undefined;
}

/**
 * "Tell my team's members" from the profile: the team's waiting members are told, as by the link in its receipt, on
 * the word of the signed-in account when its confirmed address is the team's leader's row (docs/decisions/0022).
 * Undefined in the value: not a team this account is proven to lead (or no longer there); undefined where the site
 * keeps no teams of its own.
 */
export async function tellMembersAsLeader(
  credentials: BackendCredentials,
  teamId: number,
): Promise<Outcome<TeamTold | undefined> | undefined> {
  if (!identity.accountRecord || !submissions.teamMembers) return undefined;
  const record = await identity.accountRecord(credentials);
  if (!record.ok) return record;
  return submissions.teamMembers.tellMembersAsLeader(proofOf(record.value), teamId);
}

/**
 * Who is sending a team: the signed-in account, and its address once confirmed (a team led by that address is the
 * proven leader's, whose members are told at once: docs/decisions/0022). Undefined when nobody is signed in.
 */
export async function teamSender(request: Request): Promise<TeamSender | undefined> {
  const credentials = await getCredentials(request);
  if (!credentials) return undefined;
  const state = await identity.whoIsSignedIn(credentials);
  if (state.status !== "signed-in") return undefined;
  const accountKey = state.accountKey;
  if (!accountKey) return undefined;
  const proof = await proofFor(credentials);
  const verifiedEmail = proof && proof.accountKey === accountKey ? proof.verifiedEmail : undefined;
  return { accountKey, verifiedEmail };
}

/** The teams the signed-in student leads; undefined where the site keeps none, or the store cannot answer now. */
export async function ledTeams(credentials: BackendCredentials): Promise<LedTeam[] | undefined> {
  const proof = await proofFor(credentials);
  if (!proof) return undefined;
  const led = await submissions.teamMembers!.ledBy(proof);
  return led.ok ? led.value : undefined;
}
