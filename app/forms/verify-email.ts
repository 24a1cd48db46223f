import { z } from "./zod";

/** The verification link's page: its Confirm button sends the link's token back (opening the link changes nothing). */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: "This link is not complete. Open the link from the e-mail again." })
    .trim()
    .min(1, "This link is not complete. Open the link from the e-mail again.")
    .max(200, "This link is not complete. Open the link from the e-mail again."),
});

/** What the page and the profile say, in the site's words. */
export const verifyEmailMessages = {
  confirmed: "Your e-mail address is confirmed.",
  used: "This link has already been used. If your address is confirmed, your profile says so.",
  expired:
    "This link has expired (links work for 24 hours). Log in and press “Send the link again” on your profile for a new one.",
  unknown:
    "This link is not valid. It may be incomplete, or a newer link was sent since: use the newest e-mail, or log in and ask for a new link on your profile.",
  taken:
    "Another account has already confirmed this e-mail address, so this one cannot. If you did not create that account, write to the council.",
  failed: "Your address could not be confirmed right now. Please try again in a few minutes.",
  linkSent: "We sent a new link to your e-mail address. It works once, for 24 hours.",
  notOffered: "This site does not confirm e-mail addresses.",
} as const;
