import type { Locale } from "~/i18n/locale";
import { readableIndianTimeIn } from "~/time/localized-time";
import { type ComposedMail, composeIn, type MailSite, pageLink } from "./compose.server";

/**
 * Receipts: a student who sent something to the council hears at once what arrived, when, and what happens next.
 * They repeat only what the student would recognise (the club chosen), never anything sensitive: no date of birth,
 * no phone number, no enrollment number. In the language of the page the student applied on.
 */

/** "We received your application to join": after the join form is saved. */
export function applicationReceiptMail(
  site: MailSite,
  application: { name: string; club: string; receivedAt: string },
  locale: Locale = "en",
): ComposedMail {
  const when = readableIndianTimeIn(application.receivedAt, locale);
  const profile = pageLink(site, locale, "/userProfile");
  const privacy = pageLink(site, locale, "/privacy");
  return composeIn(site, locale, application.name, {
    en: {
      subject: `We received your application to join the ${site.siteName}`,
      blocks: [
        `We received your application to join the ${site.siteName}, with ${application.club} as the club you chose, on ${when}.`,
        "What happens next: a council member reads your application and decides on it. You will hear back by e-mail at this address. There is no need to apply again.",
        {
          text: "To see your application, download everything the site keeps about you or erase it, sign in and open your profile (your account's e-mail address needs to be confirmed, and the same as the one you applied with):",
          link: profile,
          label: "Open my profile",
        },
        `The privacy notice says what we keep, for how long, and how to have it erased: ${privacy}`,
      ],
    },
    hi: {
      subject: `${site.siteName} से जुड़ने का आपका आवेदन हमें मिल गया`,
      blocks: [
        `${site.siteName} से जुड़ने का आपका आवेदन हमें ${when} को मिल गया। आपने यह क्लब चुना है: ${application.club}।`,
        "आगे क्या होगा: काउंसिल का एक सदस्य आपका आवेदन पढ़कर उस पर फ़ैसला करेगा। जवाब आपको इसी पते पर ईमेल से मिलेगा। दोबारा आवेदन करने की ज़रूरत नहीं है।",
        {
          text: "अपना आवेदन देखने, साइट पर रखी अपनी सारी जानकारी डाउनलोड करने या उसे मिटवाने के लिए लॉग इन करके अपनी प्रोफ़ाइल खोलें (आपके अकाउंट के ईमेल पते की पुष्टि होनी चाहिए, और वह वही पता होना चाहिए जिससे आपने आवेदन किया):",
          link: profile,
          label: "मेरी प्रोफ़ाइल खोलें",
        },
        `हम क्या रखते हैं, कितने समय तक, और उसे कैसे मिटवाएँ, यह निजता सूचना (Privacy notice) में लिखा है: ${privacy}`,
      ],
    },
  });
}
