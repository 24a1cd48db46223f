/**
 * A backend's refusals a student reads: one part of the catalogue's forms area (en/forms.ts).
 */

/**
 * A backend's refusals a student reads, one text for each code of StudentRefusal (app/types/refusals.ts): said in
 * the page's language by refusalText (app/server/requests/refusals.server.ts) through i18next, never matched as text.
 */
export const refusals = {
  collegeIdTaken: "An account with this Enrollment Number already exists.",
  collegeIdReserved:
    "This College ID is kept for the student the council found it belongs to. If it is yours, register with the e-mail address you gave the council.",
  collegeIdInvalid: "This Enrollment Number cannot be used as a College ID.",
  emailTaken:
    "This email address is already confirmed for another account. If that account is yours, log in with its College ID; if not, write to the council.",
  emailInvalid: "Invalid email address.",
  emailDisowned:
    "The owner of this email address said this account is not theirs, so no link is sent to it. If you typed the address by mistake, delete this account and register again with your own address.",
  emailAlreadyConfirmed: "Your e-mail address is already confirmed.",
  noEmailToConfirm: "Your account has no e-mail address to confirm. Please write to the council.",
  nameInvalid: "Please enter your full name.",
  invalidDateOfBirth: "Date of birth must be a valid date.",
  mailOff: "This site cannot send e-mail at the moment, so no link can be sent. Please try again later.",
  notSignedIn: "You are not signed in.",
  noCopyKept: "This site keeps no copy of your data.",
  noAccountToClaim: "No account uses this College ID now: you can register with it.",
  claimPending: "The council already has your message about this College ID. They will write to you.",
  alreadyApplied:
    "We already have your application, received on {{date, indianTime}}. The council will get back to you about it: there is no need to apply again.",
  teamNameTaken: 'A team named "{{team}}" is already registered.',
  inAnotherTeam: "{{email}} is already a member of another team.",
  inThisTeam: "{{email}} is already in this team.",
  listedTwice: "{{email}} is listed more than once in this team.",
  teamFull: "Your team already has {{max}} members.",
  notYourTeam: "This is not a team you lead.",
  linksToday:
    "We have sent several links to this address today. Please check your inbox and spam folder, or ask again tomorrow.",
  addedMeanwhile:
    "One of the addresses was added to another team meanwhile. Nothing was changed; please press the button again.",
  councilApiSaid: "{{message}}",
} as const;
