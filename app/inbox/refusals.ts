import type { CouncilRefusal, CouncilRefusalCode, Refusal } from "~/types/refusals";
import { accountCheckMessages } from "./council-accounts-forms";

/**
 * A council member's refusals in words. The council's pages and the command line are in English only (their paths
 * have no Hindi twin), so these are one table in English, typed so that every code has its text.
 */
const councilRefusalTexts: {
  [Code in CouncilRefusalCode]: (refusal: Extract<CouncilRefusal, { code: Code }>) => string;
} = {
  noSuchEntry: ({ kind, number }) => `There is no ${kind} ${number}.`,
  entryMissing: () => "That entry does not exist.",
  actionNotOffered: ({ section }) => `That action is not available for ${section}.`,
  notAnApplication: () => "Only the decision on a join application can be e-mailed.",
  noDecision: () => "Accept or decline the application first, then e-mail the decision.",
  decisionMailOff: () => "This site cannot send e-mail, so the decision cannot be e-mailed.",
  unknownAccount: () => accountCheckMessages.unknownAccount,
  unknownClaim: () => accountCheckMessages.unknownClaim,
  alreadyChecked: () => accountCheckMessages.alreadyChecked,
  idCardDeleted: () => accountCheckMessages.idCardDeleted,
  ownAccount: () => accountCheckMessages.ownAccount,
  claimResolved: () => accountCheckMessages.claimResolved,
  noAccountWithCollegeId: ({ collegeId, provider }) =>
    `No ${provider === "firebase" ? "Firebase user" : "account"} has the College ID "${collegeId}". ` +
    "The person must first register on the site (/userProfileRegistration).",
  councilRoleNotAvailable: () =>
    "The council role is not available with the council API (COUNCIL_API_URL): the API owns the accounts, " +
    "applications and teams, so the site has no council inbox.",
  contentChanged: ({ part, basedOn, current }) =>
    `The ${part} content was saved again (version ${current}) after the version this change started from` +
    `${basedOn === null ? "" : ` (${basedOn})`}. Nothing was saved: start again from the current version.`,
  contentInvalid: ({ part, field, message }) =>
    `The ${part} content is not valid: ${field}: ${message}. Nothing was saved.`,
  noSuchContentVersion: ({ id }) => `There is no content version ${id}.`,
};

export function isCouncilRefusal(refusal: Refusal): refusal is CouncilRefusal {
  return Object.hasOwn(councilRefusalTexts, refusal.code);
}

/** A council member's refusal as the council's pages and the command line say it. */
export function councilRefusalText(refusal: CouncilRefusal): string {
  const say = councilRefusalTexts[refusal.code] as (refusal: CouncilRefusal) => string;
  return say(refusal);
}

/** The refusals that mean "there is no such thing" (404), as opposed to "not any more, or not by you" (409). */
export function isMissing(refusal: Refusal | undefined): boolean {
  return refusal?.code === "unknownAccount" || refusal?.code === "unknownClaim";
}
