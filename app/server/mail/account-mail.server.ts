import type { Locale } from "~/i18n/locale";
import { unverifiedAccountDays, verificationLinkHours } from "../backend/built-in/mail-events.server";
import { type ComposedMail, composeIn, type MailSite, type MailWords, pageLink } from "./compose.server";
import { collegeIdReservationDays } from "../backend/built-in/college-id-reservations.server";

/**
 * The e-mails about a student's account: the link that proves its address, and the council's checks of its College
 * ID (a rejected account, "This College ID is mine" and its outcomes). No message repeats anything sensitive: no date
 * of birth, no phone number, no ID card.
 */

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
  return composeIn(site, locale, to.name, {
    en: {
      subject: `Confirm your e-mail address for the ${site.siteName} website`,
      blocks: [
        `An account was registered on the ${site.siteName} website with this e-mail address: College ID and name ${holder}. A council member checks the College ID against the account's ID card.`,
        {
          text: `If this account is yours: open the link below, log in with this College ID and press "Confirm my e-mail address". The link works once${rules.builtIn ? `, for ${verificationLinkHours} hours` : ""}.`,
          link,
          label: "Confirm my e-mail address",
        },
        `Once it is confirmed, your profile shows what you sent with this address: your applications and your hackathon team. There you can also download everything the site keeps about you, or delete your account. The privacy notice says what we keep and for how long: ${privacy}`,
        `If this account is not yours, do not confirm it: open the same link and press "This was not me". The account then has no claim to your address, and you can register your own account with it. An account whose address is not confirmed within ${unverifiedAccountDays} days is removed with everything it holds.`,
      ],
    },
    hi: {
      subject: `${site.siteName} वेबसाइट के लिए अपने ईमेल पते की पुष्टि करें`,
      blocks: [
        `${site.siteName} वेबसाइट पर इस ईमेल पते से एक अकाउंट रजिस्टर हुआ है: कॉलेज आईडी (College ID) और नाम ${holder}। काउंसिल का एक सदस्य कॉलेज आईडी को अकाउंट के आईडी कार्ड (ID card) से मिलाएगा।`,
        {
          text: `अगर यह अकाउंट आपका है: नीचे दिया लिंक खोलें, इस कॉलेज आईडी से लॉग इन करें और "मेरे ईमेल पते की पुष्टि करें" दबाएँ। लिंक एक ही बार काम करता है${rules.builtIn ? `, ${verificationLinkHours} घंटे तक` : ""}।`,
          link,
          label: "मेरे ईमेल पते की पुष्टि करें",
        },
        `पुष्टि होने के बाद आपकी प्रोफ़ाइल में दिखेगा कि आपने इस पते से क्या भेजा: आपके आवेदन और आपकी हैकाथॉन टीम। वहीं आप साइट पर रखी अपनी सारी जानकारी डाउनलोड कर सकते हैं, या अपना अकाउंट डिलीट कर सकते हैं। हम क्या रखते हैं और कितने समय तक, यह निजता सूचना (Privacy notice) में लिखा है: ${privacy}`,
        `अगर यह अकाउंट आपका नहीं है, तो पुष्टि न करें: वही लिंक खोलें और "यह अकाउंट मेरा नहीं है" दबाएँ। तब इस अकाउंट का आपके पते से कोई संबंध नहीं रहता, और आप इस पते से अपना अकाउंट रजिस्टर कर सकते हैं। जिस अकाउंट के पते की पुष्टि ${unverifiedAccountDays} दिन के अंदर नहीं होती, वह अपनी सारी जानकारी के साथ हटा दिया जाता है।`,
      ],
    },
  });
}

/** The student a check of a College ID was about, as its e-mails name them. */
interface CheckedStudent {
  name: string;
  collegeId: string;
}

/**
 * The e-mails of the council's checks of a College ID differ only in their words: each is written to the student the
 * check was about, greeted by name, in their language.
 */
function collegeIdCheckMail(words: (site: MailSite, to: CheckedStudent, locale: Locale) => Record<Locale, MailWords>) {
  return (site: MailSite, to: CheckedStudent, locale: Locale = "en"): ComposedMail =>
    composeIn(site, locale, to.name, words(site, to, locale));
}

/** The council found the College ID does not match the ID card: the account is removed. */
export const accountRejectedMail = collegeIdCheckMail((site, to, locale) => {
  const register = pageLink(site, locale, "/userProfileRegistration");
  return {
    en: {
      subject: `Your ${site.siteName} account was removed`,
      blocks: [
        `A council member compared the College ID of your account (${to.collegeId}) with the ID card you sent, and they did not match, so the account and its ID card have been removed. The College ID is free again.`,
        {
          text: "If the College ID is yours, register again with a clear photo of your own ID card:",
          link: register,
          label: "Register again",
        },
      ],
    },
    hi: {
      subject: `आपका ${site.siteName} अकाउंट हटा दिया गया`,
      blocks: [
        `काउंसिल के एक सदस्य ने आपके अकाउंट की कॉलेज आईडी (College ID) (${to.collegeId}) को आपके भेजे आईडी कार्ड (ID card) से मिलाया, और वे मेल नहीं खाए, इसलिए अकाउंट और उसका आईडी कार्ड हटा दिए गए हैं। यह कॉलेज आईडी अब फिर से खाली है।`,
        {
          text: "अगर यह कॉलेज आईडी आपकी है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ फिर से रजिस्टर करें:",
          link: register,
          label: "फिर से रजिस्टर करें",
        },
      ],
    },
  };
});

/** "This College ID is mine": the claimant hears that the council has it. */
export const collegeIdClaimMail = collegeIdCheckMail((site, to) => ({
  en: {
    subject: `We received your message to the ${site.siteName} about a College ID`,
    blocks: [
      `You told the council that the College ID ${to.collegeId} is yours, although an account already uses it. A council member will compare both ID cards and write to you at this address.`,
    ],
  },
  hi: {
    subject: `कॉलेज आईडी के बारे में ${site.siteName} को भेजा आपका संदेश हमें मिल गया`,
    blocks: [
      `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है, जबकि एक अकाउंट पहले से इसका इस्तेमाल कर रहा है। काउंसिल का एक सदस्य दोनों आईडी कार्ड (ID card) मिलाएगा और आपको इसी पते पर लिखेगा।`,
    ],
  },
}));

/** The council found the College ID is the claimant's: the account that held it was removed, and it is free. */
export const collegeIdClaimUpheldMail = collegeIdCheckMail((site, to, locale) => {
  const register = pageLink(site, locale, "/userProfileRegistration");
  return {
    en: {
      subject: `${site.siteName}: the College ID in your message is yours`,
      blocks: [
        `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID is yours. That account has been removed, and the College ID is kept for you for ${collegeIdReservationDays} days: until then only this e-mail address can register it.`,
        {
          text: "You can now register your own account with it, with this e-mail address:",
          link: register,
          label: "Register",
        },
      ],
    },
    hi: {
      subject: `${site.siteName}: आपके संदेश वाली कॉलेज आईडी आपकी है`,
      blocks: [
        `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है। काउंसिल के एक सदस्य ने आपका आईडी कार्ड (ID card) उस कार्ड से मिलाया जिससे मौजूदा अकाउंट रजिस्टर हुआ था, और पाया कि यह कॉलेज आईडी आपकी है। वह अकाउंट हटा दिया गया है, और यह कॉलेज आईडी ${collegeIdReservationDays} दिनों तक आपके लिए रखी गई है: तब तक इससे सिर्फ़ इसी ईमेल पते से रजिस्टर किया जा सकता है।`,
        {
          text: "अब आप इसी ईमेल पते से इस कॉलेज आईडी पर अपना अकाउंट रजिस्टर कर सकते हैं:",
          link: register,
          label: "रजिस्टर करें",
        },
      ],
    },
  };
});

/** The council found the College ID belongs to the account that has it: the claim is closed. */
export const collegeIdClaimDeclinedMail = collegeIdCheckMail((site, to) => ({
  en: {
    subject: `${site.siteName}: about the College ID in your message`,
    blocks: [
      `You told the council that the College ID ${to.collegeId} is yours. A council member compared your ID card with the one the existing account was registered with, and found that the College ID belongs to that account, so it stays as it is.`,
      "If you think this is a mistake, write to the council with a clear photo of your ID card.",
    ],
  },
  hi: {
    subject: `${site.siteName}: आपके संदेश वाली कॉलेज आईडी के बारे में`,
    blocks: [
      `आपने काउंसिल को बताया कि कॉलेज आईडी (College ID) ${to.collegeId} आपकी है। काउंसिल के एक सदस्य ने आपका आईडी कार्ड (ID card) उस कार्ड से मिलाया जिससे मौजूदा अकाउंट रजिस्टर हुआ था, और पाया कि यह कॉलेज आईडी उसी अकाउंट की है, इसलिए सब पहले जैसा रहेगा।`,
      "अगर आपको लगता है कि यह गलती है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ काउंसिल को लिखें।",
    ],
  },
}));

/** Another student showed the College ID is theirs: the account that held it is removed. */
export const accountClaimedMail = collegeIdCheckMail((site, to) => ({
  en: {
    subject: `Your ${site.siteName} account was removed`,
    blocks: [
      `Another student told the council that the College ID of your account (${to.collegeId}) is theirs. A council member compared their ID card with the one you sent, and found that the College ID is theirs, so your account and its ID card have been removed.`,
      "If you think this is a mistake, write to the council with a clear photo of your own ID card.",
    ],
  },
  hi: {
    subject: `आपका ${site.siteName} अकाउंट हटा दिया गया`,
    blocks: [
      `एक दूसरे छात्र ने काउंसिल को बताया कि आपके अकाउंट की कॉलेज आईडी (College ID) (${to.collegeId}) उनकी है। काउंसिल के एक सदस्य ने उनका आईडी कार्ड (ID card) आपके भेजे कार्ड से मिलाया, और पाया कि कॉलेज आईडी उनकी है, इसलिए आपका अकाउंट और उसका आईडी कार्ड हटा दिए गए हैं।`,
      "अगर आपको लगता है कि यह गलती है, तो अपने आईडी कार्ड की साफ़ फ़ोटो के साथ काउंसिल को लिखें।",
    ],
  },
}));
