/**
 * The e-mails the site sends, as plain text and simple HTML, in the site's voice. Every link is built from the
 * configured SITE_URL (never from a request's Host header), and no message repeats anything sensitive: no date of
 * birth, no phone number, no ID card. Each kind is listed in the privacy notice (app/routes/privacy.tsx).
 */

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** Where the links point and whom the e-mails come from, in their words. */
export interface MailSite {
  /** The public base address, e.g. https://council.example.org (no trailing slash). */
  siteUrl: string;
  /** The council's name, as the site shows it. */
  siteName: string;
  /** Where students write to the council. */
  contactEmail: string;
}

/** The kinds of e-mail the site sends: the metrics and the log name them. */
export const mailKinds = [
  "verify-email",
  "account-rejected",
  "college-id-claim",
  "college-id-claim-upheld",
  "college-id-claim-declined",
  "account-claimed",
  "decision-accepted",
  "decision-declined",
  "application-receipt",
  "team-receipt",
  "team-member-notice",
  "team-member-removed",
  "team-disbanded",
] as const;
export type MailKind = (typeof mailKinds)[number];

/** How long a verification link stays valid. */
export const verificationLinkHours = 24;
/** An account whose e-mail is not verified within this many days is removed (retention). */
export const unverifiedAccountDays = 7;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

export function siteLink(site: MailSite, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${site.siteUrl}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Paragraphs of text, some with one link each, as both bodies. */
export type Block = string | { text: string; link: string; label: string };

/** One e-mail in the site's voice: the greeting, the paragraphs (some with a link as a button), the signature. */
export function compose(site: MailSite, subject: string, greeting: string, blocks: Block[]): ComposedMail {
  const signature = `${site.siteName}\n${site.siteUrl}`;
  const text = [
    greeting,
    ...blocks.map((block) => (typeof block === "string" ? block : `${block.text}\n${block.link}`)),
    `If you have a question, write to ${site.contactEmail}.`,
    signature,
  ].join("\n\n");
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">`,
    paragraph(escapeHtml(greeting)),
    ...blocks.map((block) =>
      typeof block === "string"
        ? paragraph(escapeHtml(block))
        : paragraph(escapeHtml(block.text)) +
          paragraph(
            `<a href="${escapeHtml(block.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(block.label)}</a>`,
          ) +
          paragraph(
            `<span style="font-size:14px;color:#4b5563">Or copy this address into your browser: ${escapeHtml(block.link)}</span>`,
          ),
    ),
    paragraph(
      `If you have a question, write to <a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a>.`,
    ),
    paragraph(`${escapeHtml(site.siteName)}<br><a href="${escapeHtml(site.siteUrl)}">${escapeHtml(site.siteUrl)}</a>`),
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name.trim();

/**
 * After registration, and on "Send the link again": the link proves the address is the student's. `builtIn` says the
 * site's own links are meant, which last 24 hours; with Firebase sign-in the link carries Firebase's code, and Firebase
 * decides how long it lasts. Either way retention removes an account not confirmed within 7 days of registering.
 */
export function verificationMail(
  site: MailSite,
  to: { name: string; token: string },
  rules: { builtIn: boolean } = { builtIn: true },
): ComposedMail {
  return compose(site, `Confirm your e-mail address for the ${site.siteName} website`, `Hello ${firstName(to.name)},`, [
    `You registered an account on the ${site.siteName} website with this e-mail address. We received your registration and your ID card; a council member checks your College ID against the card.`,
    {
      text: `To confirm that this address is yours, open the link below and press "Confirm my e-mail address". The link works once${rules.builtIn ? `, for ${verificationLinkHours} hours` : ""}.`,
      link: siteLink(site, "/verify-email", { token: to.token }),
      label: "Confirm my e-mail address",
    },
    `Once it is confirmed, your profile shows what you sent with this address: your applications and your hackathon team. There you can also download everything the site keeps about you, or delete your account. The privacy notice says what we keep and for how long: ${siteLink(site, "/privacy")}`,
    `If you did not register, you need to do nothing: an account whose address is not confirmed within ${unverifiedAccountDays} days is removed with everything it holds.`,
  ]);
}

/** The council found the College ID does not match the ID card: the account is removed. */
export function accountRejectedMail(site: MailSite, to: { name: string; collegeId: string }): ComposedMail {
  return compose(site, `Your ${site.siteName} account was removed`, `Hello ${firstName(to.name)},`, [
    `A council member compared the College ID of your account (${to.collegeId}) with the ID card you sent, and they did not match, so the account and its ID card have been removed. The College ID is free again.`,
    {
      text: "If the College ID is yours, register again with a clear photo of your own ID card:",
      link: siteLink(site, "/userProfileRegistration"),
      label: "Register again",
    },
  ]);
}

/** "This College ID is mine": the claimant hears that the council has it. */
export function collegeIdClaimMail(site: MailSite, to: { name: string; collegeId: string }): ComposedMail {
  return compose(site, `We received your message about College ID ${to.collegeId}`, `Hello ${firstName(to.name)},`, [
    `You told the council that the College ID ${to.collegeId} is yours, although an account already uses it. A council member will compare both ID cards and write to you at this address.`,
  ]);
}

/** The council found the College ID is the claimant's: the account that held it was removed, and it is free. */
export function collegeIdClaimUpheldMail(site: MailSite, to: { name: string; collegeId: string }): ComposedMail {
  return compose(site, `College ID ${to.collegeId} is yours`, `Hello ${firstName(to.name)},`, [
    `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID is yours. That account has been removed, so the College ID is free.`,
    {
      text: "You can now register your own account with it:",
      link: siteLink(site, "/userProfileRegistration"),
      label: "Register",
    },
  ]);
}

/** The council found the College ID belongs to the account that has it: the claim is closed. */
export function collegeIdClaimDeclinedMail(site: MailSite, to: { name: string; collegeId: string }): ComposedMail {
  return compose(site, `About College ID ${to.collegeId}`, `Hello ${firstName(to.name)},`, [
    `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID belongs to that account, so it stays as it is.`,
    "If you think this is a mistake, write to the council with a clear photo of your ID card.",
  ]);
}

/** Another student showed the College ID is theirs: the account that held it is removed. */
export function accountClaimedMail(site: MailSite, to: { name: string; collegeId: string }): ComposedMail {
  return compose(site, `Your ${site.siteName} account was removed`, `Hello ${firstName(to.name)},`, [
    `Another student told the council that the College ID of your account (${to.collegeId}) is theirs. A council member compared their ID card with the one you sent, and found that the College ID is theirs, so your account and its ID card have been removed.`,
    "If you think this is a mistake, write to the council with a clear photo of your own ID card.",
  ]);
}
