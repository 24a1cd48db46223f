import { type Locale, localizedPath } from "~/i18n/locale";
import { collegeIdReservationDays } from "../backend/built-in/college-id-reservations.server";

/**
 * The e-mails the site sends, as plain text and simple HTML, in the site's voice. Every link is built from the
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

// The kinds (one per event the store records) and the rules the e-mails state are the store's.
export {
  mailKinds,
  type MailKind,
  unverifiedAccountDays,
  verificationLinkHours,
} from "../backend/built-in/mail-events.server";
import { unverifiedAccountDays, verificationLinkHours } from "../backend/built-in/mail-events.server";

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

/**
 * After registration, and on "Send the link again": the link proves the address is the student's, once they press
 * Confirm while signed in to the account it names (its College ID and name, values in the body, never the Subject).
 * Whoever did not register it presses "This was not me" on the same page instead. `builtIn` says the site's own links
 * are meant, which last 24 hours; with Firebase sign-in the link carries Firebase's code, and Firebase decides how long
 * it lasts. Either way retention removes an account not confirmed within 7 days of registering.
 */
export function verificationMail(
  site: MailSite,
  to: { name: string; collegeId: string; token: string },
  rules: { builtIn: boolean } = { builtIn: true },
  locale: Locale = "en",
): ComposedMail {
  const link = pageLink(site, locale, "/verify-email", { token: to.token });
  const privacy = pageLink(site, locale, "/privacy");
  const holder = to.name.trim() ? `${to.collegeId} (${to.name.trim()})` : to.collegeId;
  if (locale === "hi") {
    return compose(
      site,
      `${site.siteName} वेबसाइट के लिए अपने ईमेल पते की पुष्टि करें`,
      greetingIn(locale, to.name),
      [
        `${site.siteName} वेबसाइट पर इस ईमेल पते से एक अकाउंट रजिस्टर हुआ है: कॉलेज आईडी (College ID) और नाम ${holder}। काउंसिल का एक सदस्य कॉलेज आईडी को अकाउंट के आईडी कार्ड (ID card) से मिलाएगा।`,
        {
          text: `अगर यह अकाउंट आपका है: नीचे दिया लिंक खोलें, इस कॉलेज आईडी से लॉग इन करें और "मेरे ईमेल पते की पुष्टि करें" दबाएँ। लिंक एक ही बार काम करता है${rules.builtIn ? `, ${verificationLinkHours} घंटे तक` : ""}।`,
          link,
          label: "मेरे ईमेल पते की पुष्टि करें",
        },
        `पुष्टि होने के बाद आपकी प्रोफ़ाइल में दिखेगा कि आपने इस पते से क्या भेजा: आपके आवेदन और आपकी हैकाथॉन टीम। वहीं आप साइट पर रखी अपनी सारी जानकारी डाउनलोड कर सकते हैं, या अपना अकाउंट डिलीट कर सकते हैं। हम क्या रखते हैं और कितने समय तक, यह निजता सूचना (Privacy notice) में लिखा है: ${privacy}`,
        `अगर यह अकाउंट आपका नहीं है, तो पुष्टि न करें: वही लिंक खोलें और "यह अकाउंट मेरा नहीं है" दबाएँ। तब इस अकाउंट का आपके पते से कोई संबंध नहीं रहता, और आप इस पते से अपना अकाउंट रजिस्टर कर सकते हैं। जिस अकाउंट के पते की पुष्टि ${unverifiedAccountDays} दिन के अंदर नहीं होती, वह अपनी सारी जानकारी के साथ हटा दिया जाता है।`,
      ],
      locale,
    );
  }
  return compose(site, `Confirm your e-mail address for the ${site.siteName} website`, greetingIn(locale, to.name), [
    `An account was registered on the ${site.siteName} website with this e-mail address: College ID and name ${holder}. A council member checks the College ID against the account's ID card.`,
    {
      text: `If this account is yours: open the link below, log in with this College ID and press "Confirm my e-mail address". The link works once${rules.builtIn ? `, for ${verificationLinkHours} hours` : ""}.`,
      link,
      label: "Confirm my e-mail address",
    },
    `Once it is confirmed, your profile shows what you sent with this address: your applications and your hackathon team. There you can also download everything the site keeps about you, or delete your account. The privacy notice says what we keep and for how long: ${privacy}`,
    `If this account is not yours, do not confirm it: open the same link and press "This was not me". The account then has no claim to your address, and you can register your own account with it. An account whose address is not confirmed within ${unverifiedAccountDays} days is removed with everything it holds.`,
  ]);
}

/** The council found the College ID does not match the ID card: the account is removed. */
export function accountRejectedMail(
  site: MailSite,
  to: { name: string; collegeId: string },
  locale: Locale = "en",
): ComposedMail {
  const register = pageLink(site, locale, "/userProfileRegistration");
  if (locale === "hi") {
    return compose(
      site,
      `आपका ${site.siteName} अकाउंट हटा दिया गया`,
      greetingIn(locale, to.name),
      [
        `काउंसिल के एक सदस्य ने आपके अकाउंट की कॉलेज आईडी (College ID) (${to.collegeId}) को आपके भेजे आईडी कार्ड (ID card) से मिलाया, और वे मेल नहीं खाए, इसलिए अकाउंट और उसका आईडी कार्ड हटा दिए गए हैं। यह कॉलेज आईडी अब फिर से खाली है।`,
        {
          text: "अगर यह कॉलेज आईडी आपकी है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ फिर से रजिस्टर करें:",
          link: register,
          label: "फिर से रजिस्टर करें",
        },
      ],
      locale,
    );
  }
  return compose(site, `Your ${site.siteName} account was removed`, greetingIn(locale, to.name), [
    `A council member compared the College ID of your account (${to.collegeId}) with the ID card you sent, and they did not match, so the account and its ID card have been removed. The College ID is free again.`,
    {
      text: "If the College ID is yours, register again with a clear photo of your own ID card:",
      link: register,
      label: "Register again",
    },
  ]);
}

/** "This College ID is mine": the claimant hears that the council has it. */
export function collegeIdClaimMail(
  site: MailSite,
  to: { name: string; collegeId: string },
  locale: Locale = "en",
): ComposedMail {
  if (locale === "hi") {
    return compose(
      site,
      `कॉलेज आईडी के बारे में ${site.siteName} को भेजा आपका संदेश हमें मिल गया`,
      greetingIn(locale, to.name),
      [
        `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है, जबकि एक अकाउंट पहले से इसका इस्तेमाल कर रहा है। काउंसिल का एक सदस्य दोनों आईडी कार्ड (ID card) मिलाएगा और आपको इसी पते पर लिखेगा।`,
      ],
      locale,
    );
  }
  return compose(
    site,
    `We received your message to the ${site.siteName} about a College ID`,
    greetingIn(locale, to.name),
    [
      `You told the council that the College ID ${to.collegeId} is yours, although an account already uses it. A council member will compare both ID cards and write to you at this address.`,
    ],
  );
}

/** The council found the College ID is the claimant's: the account that held it was removed, and it is free. */
export function collegeIdClaimUpheldMail(
  site: MailSite,
  to: { name: string; collegeId: string },
  locale: Locale = "en",
): ComposedMail {
  const register = pageLink(site, locale, "/userProfileRegistration");
  if (locale === "hi") {
    return compose(
      site,
      `${site.siteName}: आपके संदेश वाली कॉलेज आईडी आपकी है`,
      greetingIn(locale, to.name),
      [
        `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है। काउंसिल के एक सदस्य ने आपका आईडी कार्ड (ID card) उस कार्ड से मिलाया जिससे मौजूदा अकाउंट रजिस्टर हुआ था, और पाया कि यह कॉलेज आईडी आपकी है। वह अकाउंट हटा दिया गया है, और यह कॉलेज आईडी ${collegeIdReservationDays} दिनों तक आपके लिए रखी गई है: तब तक इससे सिर्फ़ इसी ईमेल पते से रजिस्टर किया जा सकता है।`,
        {
          text: "अब आप इसी ईमेल पते से इस कॉलेज आईडी पर अपना अकाउंट रजिस्टर कर सकते हैं:",
          link: register,
          label: "रजिस्टर करें",
        },
      ],
      locale,
    );
  }
  return compose(site, `${site.siteName}: the College ID in your message is yours`, greetingIn(locale, to.name), [
    `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID is yours. That account has been removed, and the College ID is kept for you for ${collegeIdReservationDays} days: until then only this e-mail address can register it.`,
    {
      text: "You can now register your own account with it, with this e-mail address:",
      link: register,
      label: "Register",
    },
  ]);
}

/** The council found the College ID belongs to the account that has it: the claim is closed. */
export function collegeIdClaimDeclinedMail(
  site: MailSite,
  to: { name: string; collegeId: string },
  locale: Locale = "en",
): ComposedMail {
  if (locale === "hi") {
    return compose(
      site,
      `${site.siteName}: आपके संदेश वाली कॉलेज आईडी के बारे में`,
      greetingIn(locale, to.name),
      [
        `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है। काउंसिल के एक सदस्य ने आपका आईडी कार्ड (ID card) उस कार्ड से मिलाया जिससे मौजूदा अकाउंट रजिस्टर हुआ था, और पाया कि यह कॉलेज आईडी उसी अकाउंट की है, इसलिए सब पहले जैसा रहेगा।`,
        "अगर आपको लगता है कि यह गलती है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ काउंसिल को लिखें।",
      ],
      locale,
    );
  }
  return compose(site, `${site.siteName}: about the College ID in your message`, greetingIn(locale, to.name), [
    `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID belongs to that account, so it stays as it is.`,
    "If you think this is a mistake, write to the council with a clear photo of your ID card.",
  ]);
}

/** Another student showed the College ID is theirs: the account that held it is removed. */
export function accountClaimedMail(
  site: MailSite,
  to: { name: string; collegeId: string },
  locale: Locale = "en",
): ComposedMail {
  if (locale === "hi") {
    return compose(
      site,
      `आपका ${site.siteName} अकाउंट हटा दिया गया`,
      greetingIn(locale, to.name),
      [
        `एक दूसरे छात्र ने काउंसिल को बताया कि आपके अकाउंट की कॉलेज आईडी (College ID) (${to.collegeId}) उनकी है। काउंसिल के एक सदस्य ने उनका आईडी कार्ड (ID card) आपके भेजे कार्ड से मिलाया, और पाया कि कॉलेज आईडी उनकी है, इसलिए आपका अकाउंट और उसका आईडी कार्ड हटा दिए गए हैं।`,
        "अगर आपको लगता है कि यह गलती है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ काउंसिल को लिखें।",
      ],
      locale,
    );
  }
  return compose(site, `Your ${site.siteName} account was removed`, greetingIn(locale, to.name), [
    `Another student told the council that the College ID of your account (${to.collegeId}) is theirs. A council member compared their ID card with the one you sent, and found that the College ID is theirs, so your account and its ID card have been removed.`,
    "If you think this is a mistake, write to the council with a clear photo of your own ID card.",
  ]);
}
