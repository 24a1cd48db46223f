/**
 * Why a backend said no, as a code with the values its words need: the one vocabulary between the backends and the
 * pages. A backend never writes the sentence; the page says it in its own language (app/server/requests/refusals.server.ts
 * through i18next for a student's refusal, the council's English table for a council member's, app/inbox/refusals.ts).
 * Types only, so the forms may import them without pulling server code into the browser.
 */

/** A refusal a student reads on a form or on their profile: each code is a text in both catalogues (forms.refusals). */
export type StudentRefusal =
  | { code: "collegeIdTaken" }
  | { code: "collegeIdReserved" }
  | { code: "collegeIdInvalid" }
  | { code: "emailTaken" }
  | { code: "emailInvalid" }
  | { code: "emailDisowned" }
  | { code: "emailAlreadyConfirmed" }
  | { code: "noEmailToConfirm" }
  | { code: "nameInvalid" }
  | { code: "invalidDateOfBirth" }
  | { code: "mailOff" }
  | { code: "notSignedIn" }
  | { code: "noCopyKept" }
  | { code: "noAccountToClaim" }
  | { code: "claimPending" }
  /** `date`: when the earlier application arrived. */
  | { code: "alreadyApplied"; date: Date }
  | { code: "teamNameTaken"; team: string }
  | { code: "inAnotherTeam"; email: string }
  | { code: "inThisTeam"; email: string }
  | { code: "listedTwice"; email: string }
  | { code: "teamFull"; max: number }
  | { code: "notYourTeam" }
  | { code: "linksToday" }
  | { code: "addedMeanwhile" }
  /** The council API's own reason, passed on as it came (the API speaks one language). */
  | { code: "councilApiSaid"; message: string };

/** A refusal a council member reads in the council's pages or at the command line (English only, as those are). */
export type CouncilRefusal =
  | { code: "noSuchEntry"; kind: string; number: number }
  | { code: "entryMissing" }
  /** `section`: the section's name as a sentence says it ("ideas"). */
  | { code: "actionNotOffered"; section: string }
  | { code: "notAnApplication" }
  | { code: "noDecision" }
  | { code: "decisionMailOff" }
  | { code: "unknownAccount" }
  | { code: "unknownClaim" }
  | { code: "alreadyChecked" }
  | { code: "idCardDeleted" }
  | { code: "ownAccount" }
  | { code: "claimResolved" }
  /** `provider`: where the account was looked for (the built-in store, Firebase). */
  | { code: "noAccountWithCollegeId"; collegeId: string; provider: "store" | "firebase" }
  | { code: "councilRoleNotAvailable" }
  /** A content save started from version `basedOn` (null: from none) of `part`, which has moved on to `current`. */
  | { code: "contentChanged"; part: string; basedOn: number | null; current: number }
  /** A part's content that fails its schema: the first wrong field, as a path ("hackathon.title.hi"). */
  | { code: "contentInvalid"; part: string; field: string; message: string }
  | { code: "noSuchContentVersion"; id: number };

export type Refusal = StudentRefusal | CouncilRefusal;

export type RefusalCode = Refusal["code"];
export type StudentRefusalCode = StudentRefusal["code"];
export type CouncilRefusalCode = CouncilRefusal["code"];
