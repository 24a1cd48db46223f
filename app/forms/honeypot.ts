/** The hidden field of the public forms (see honeypot.server.ts). A name a bot is tempted to fill in. */
export const honeypotFieldName = "website";
