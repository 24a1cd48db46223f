// Kept apart from the schema: the login page uses these without loading the validation library first. Its words are
// the catalogue's (forms.login).

/** The success dialog shows for 1.5 s before the visitor goes home. */
export const loginSuccessDialogMs = 1500;

/** A page that sent the visitor here to sign in (/login?redirectTo=/council) gets them back afterwards. */
export const redirectField = "redirectTo";
