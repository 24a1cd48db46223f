/**
 * The hidden field of the public forms, named so a form-filling bot is tempted to fill it in; the submission pipeline
 * (submission.server.ts) answers a filled one with the form's success and keeps nothing.
 */
export const honeypotFieldName = "website";
