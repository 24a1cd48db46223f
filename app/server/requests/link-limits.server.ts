import { fillText } from "~/i18n/text";
import { type FormTexts, waitIn } from "~/forms/texts";
import { limits as serverLimits, retryAfterSeconds } from "./limits.server";
import { clientAddress } from "./request.server";

type Limits = Pick<typeof serverLimits, "reserve">;

export type LinkPress<Outcome> =
  { ok: true; outcome: Outcome } | { ok: false; why: "token" | "failures"; retryAfterMs: number };

/**
 * A press of a button on a page an e-mailed link opens (/verify-email, /sih/team-member), under the link pages'
 * limits (docs/limits.md). A link's token is 256 random bits that nobody guesses, so a press is never refused for
 * what other tokens or other visitors did:
 *
 * - each token has its own count (`link-token`, every press, reserved before the press acts): one link pressed over
 *   and over waits;
 * - per client address, only presses whose token turned out unknown, expired or used count (`link-failures`): a
 *   neighbour's garbage behind the same address (a hostel's or a campus's NAT) never blocks a valid link.
 *
 * The token is checked first and the failure counted after, unlike a password: the check is cheap (one look-up of the
 * token's hash) and safe (an unknown token changes nothing, and no number of tries finds a valid one), and only the
 * check tells a valid token, which must go through, from garbage. The count still cannot be raced: it is raised and
 * compared in one atomic step (in memory, or one Lua script in Redis) and decides the answer, so a parallel burst of
 * garbage never has more failures answered than the allowance. `failed` says which outcomes are the token's
 * failures; any other (done, or a backend that could not answer) counts nothing per client.
 */
export async function pressLink<Outcome>(
  request: Request,
  token: string,
  press: () => Promise<Outcome>,
  failed: (outcome: NoInfer<Outcome>) => boolean,
  limits: Limits = serverLimits,
): Promise<LinkPress<Outcome>> {
  const perToken = await limits.reserve("link-token", token);
  if (!perToken.allowed) return { ok: false, why: "token", retryAfterMs: perToken.retryAfterMs };
  const outcome = await press();
  const client = clientAddress(request);
  if (!failed(outcome) || client === undefined) return { ok: true, outcome };
  const failure = await limits.reserve("link-failures", client);
  if (!failure.allowed) return { ok: false, why: "failures", retryAfterMs: failure.retryAfterMs };
  return { ok: true, outcome };
}

export type RefusedPress = Extract<LinkPress<unknown>, { ok: false }>;

/** A refused press's message, in the page's language, and its Retry-After header. */
export function pressRefusal(texts: FormTexts, refused: RefusedPress) {
  const template = refused.why === "token" ? texts.submission.linkPressedTooOften : texts.submission.tooManyFailedLinks;
  return {
    message: fillText(template, { wait: waitIn(texts, refused.retryAfterMs) }),
    headers: { "Retry-After": retryAfterSeconds(refused.retryAfterMs) },
  };
}
