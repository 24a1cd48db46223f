import { identity, submissions } from "../backend/running-backends.server";
import type { BackendCredentials, StudentProof } from "../backend/council-backend.server";
import type { LedTeam, TeamSender } from "../backend/team-backend.server";
import { getCredentials } from "../accounts/session.server";
import { proofOf } from "./student-proof.server";

/**
 * The hackathon teams a signed-in student leads, by proof (docs/decisions/0017: they sent the team while signed in,
 * or the leader's row carries their verified e-mail), for the profile, "Add a member" and "Delete my account".
 */

/** The account's proof, or undefined where the site keeps no accounts or teams of its own (or cannot answer now). */
export async function proofFor(credentials: BackendCredentials): Promise<StudentProof | undefined> {
  if (!identity.accountRecord || !submissions.teamMembers) return undefined;
  const record = await identity.accountRecord(credentials);
  return record.ok ? proofOf(record.value) : undefined;
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
