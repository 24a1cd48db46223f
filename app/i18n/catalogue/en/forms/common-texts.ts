/**
 * What every form shares: the rules' and fields' words, the submission pipeline's refusals, the privacy line
 * beside the submit button and the success dialogs: one part of the catalogue's forms area (en/forms.ts).
 */

/** The rules every form shares (app/forms/rules.ts). `label` is the field's label as the page shows it. */
export const rules = {
  tooLong: "{{label}} must be {{max}} characters or fewer.",
  /** A name goes into e-mails: one line, and no web address a mail program would turn into a link. */
  oneLine: "{{label}} must be one line of text, without a web address.",
} as const;

/** The shared field components (app/components/form-fields/field.tsx, phone-field.tsx). */
export const fields = {
  select: "Select…",
  phonePlaceholder: "10-digit mobile number",
  honeypot: "Leave this field empty",
  dateOfBirth: "Date of Birth",
  dateOfBirthHint: "No calendar? Type it day first, e.g. 05/09/2004.",
} as const;

/** The submission pipeline's own refusals (app/server/requests/submission.server.ts, limits.server.ts). */
export const submission = {
  tooLarge: "The form is too large to send. Please shorten it and try again.",
  unreadable: "The form could not be read. Please reload the page and try again.",
  tooMany: "Too many submissions from your network. Please try again in {{wait}}.",
  /** A form limited per signed-in account rather than per network (deleting the account, adding a member). */
  tooManyFromAccount: "You have sent this form too many times. Please try again in {{wait}}.",
  /** A link page's button (link-limits.server.ts): one link pressed over and over, or many dead links tried. */
  linkPressedTooOften: "This link's button was pressed too many times. Please try again in {{wait}}.",
  tooManyFailedLinks: "Too many links that do not work were tried from your network. Please try again in {{wait}}.",
  oneMinute: "{{count}} minute",
  minutes: "{{count}} minutes",
} as const;

/**
 * The line beside a form's submit button (app/components/privacy/privacy-note.tsx): what the form's data is for
 * (the privacy notice quotes the same lines), and the link to the notice.
 */
export const privacyNote = {
  link: "How we keep your data",
  join: "The council uses these details only to consider your application and contact you about it.",
  registration: "Your details make your account; the ID card is used only to check that you are a student here.",
  team: "The council uses the team's details only to run the hackathon and contact its members.",
  suggestion: "The council uses your name and enrollment number only to follow up on your suggestion.",
  ideas: "The council uses your name and enrollment number only to follow up on your idea.",
} as const;

/** The success dialogs (app/components/account/success-dialog.tsx). */
export const successDialog = {
  home: "Taking you to the home page…",
  back: "Taking you back to the page you asked for…",
} as const;
