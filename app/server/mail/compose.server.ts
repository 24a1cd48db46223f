import { type Locale, localizedPath } from "~/i18n/locale";

/**
 * How every e-mail the site sends is put together, as plain text and simple HTML, in the site's voice. Every link is built from the
 * configured SITE_URL (never from a request's Host header), and no message repeats anything sensitive: no date of
 * birth, no phone number, no ID card. Each kind is listed in the privacy notice (app/routes/privacy.tsx).
 *
 * A student hears in the language of the page they used (the locale its path had, carried to where the e-mail is
 * queued, and kept with the entry for the e-mails that come later): the words are here, beside the English, since
 * they never reach the browser's catalogue; a Hindi e-mail's links open the /hi twins.
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

/** A page of the site in the e-mail's language: `path` is the English page's, a Hindi e-mail links to its /hi twin. */
export function pageLink(site: MailSite, locale: Locale, path: string, query: Record<string, string> = {}): string {
  return siteLink(site, localizedPath(locale, path), query);
}

/** The lines every e-mail has, in its language. */
const frame = {
  en: {
    question: (contact: string) => `If you have a question, write to ${contact}.`,
    copyAddress: "Or copy this address into your browser:",
  },
  hi: {
    question: (contact: string) => `कोई सवाल हो तो ${contact} पर लिखें।`,
    copyAddress: "या यह पता अपने ब्राउज़र में कॉपी करें:",
  },
} satisfies Record<Locale, { question: (contact: string) => string; copyAddress: string }>;

/** "Hello Asha," / "नमस्ते Asha,". */
export function greetingIn(locale: Locale, name: string): string {
  if (locale === "en") return `Hello ${firstName(name)},`;
  return firstName(name) ? `नमस्ते ${firstName(name)},` : "नमस्ते,";
}

/** Paragraphs of text, some with one link each, as both bodies. */
export type Block = string | { text: string; link: string; label: string };

/** One e-mail in the site's voice: the greeting, the paragraphs (some with a link as a button), the signature. */
export function compose(
  site: MailSite,
  subject: string,
  greeting: string,
  blocks: Block[],
  locale: Locale = "en",
): ComposedMail {
  const words = frame[locale];
  // The site's home page in the e-mail's language: the address itself in English, its /hi page in Hindi.
  const home = locale === "en" ? site.siteUrl : pageLink(site, locale, "/");
  const signature = `${site.siteName}\n${home}`;
  const text = [
    greeting,
    ...blocks.map((block) => (typeof block === "string" ? block : `${block.text}\n${block.link}`)),
    words.question(site.contactEmail),
    signature,
  ].join("\n\n");
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const contactLink = `<a href="mailto:${escapeHtml(site.contactEmail)}">${escapeHtml(site.contactEmail)}</a>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
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
            // A link with its token is one long word: a phone's mail app widened the message past the screen for it
            // (word-break for the apps that ignore overflow-wrap).
            `<span style="font-size:14px;color:#4b5563">${escapeHtml(words.copyAddress)} <span style="overflow-wrap:anywhere;word-break:break-all">${escapeHtml(block.link)}</span></span>`,
          ),
    ),
    // The address as a link inside the sentence, whose words are escaped around it.
    paragraph(escapeHtml(words.question("\u0000")).replace("\u0000", contactLink)),
    paragraph(`${escapeHtml(site.siteName)}<br><a href="${escapeHtml(home)}">${escapeHtml(home)}</a>`),
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name.trim();

/**
 * A name as one line of words: the forms refuse a line break in a name, and a name stored before they did is folded
 * here, so a visitor's text never starts a line of its own in an e-mail. Names are values in the body only, escaped
 * in the HTML part and never made a link; no Subject line holds one.
 */
export const oneLine = (name: string) => name.replace(/\s+/g, " ").trim();

/** The words of one e-mail in one language. */
export interface MailWords {
  subject: string;
  blocks: Block[];
}

/**
 * One e-mail whose words exist in both languages, composed in the recipient's: both are written side by side, so a
 * sentence changed in one is seen beside the other.
 */
export function composeIn(
  site: MailSite,
  locale: Locale,
  name: string,
  words: Record<Locale, MailWords>,
): ComposedMail {
  const { subject, blocks } = words[locale];
  return compose(site, subject, greetingIn(locale, name), blocks, locale);
}
