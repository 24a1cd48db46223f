import type { EventTime } from "~/content/schemas";
import type { Locale } from "~/i18n/locale";
import { readableIndianTimeIn } from "~/time/localized-time";
import { calendarContentType, eventCalendar, indianTimeSpan } from "../events/calendar.server";
import type { MailAttachment } from "../backend/built-in/outbox.server";
import { type ComposedMail, composeIn, type MailSite, oneLine, pageLink, siteLink } from "./compose.server";

/**
 * The hackathon team's e-mails: the leader's receipt, each member's notice with their own link (confirm, or remove
 * themselves), the leader told when a member removed themselves, and the members told when the team was erased with
 * its leader. They name people only by name: never a phone number, a date of birth or an e-mail address of someone
 * else. Each in the language of the page the leader registered the team on (kept with the team), or added the
 * member on.
 */

/** The hackathon as the e-mails name it and as its calendar file describes it (from data/events.json). */
export interface MailEvent {
  title: string;
  /** Its page on the site, e.g. "/sih". */
  path: string;
  summary: string;
  when: EventTime;
  /** Its name, summary and place as a Hindi e-mail and its calendar file say them; where unset, the English ones. */
  hi?: { title: string; summary: string; location: string };
}

/** A team is six members, the leader included (the spec's rule, as the form says it). */
export const fullTeam = 6;

const hackathonName = (event: MailEvent | undefined, locale: Locale = "en") =>
  locale === "hi" ? (event?.hi?.title ?? event?.title ?? "हैकाथॉन") : (event?.title ?? "the hackathon");

/**
 * The hackathon's calendar file, attached to the receipt and the notices, in the e-mail's language (linking the event's
 * page in it); none when the store was given no event.
 */
export function hackathonCalendar(
  site: MailSite,
  event: MailEvent | undefined,
  locale: Locale = "en",
): MailAttachment[] {
  if (!event) return [];
  const hindi = locale === "hi" ? event.hi : undefined;
  const content = eventCalendar(
    {
      // The same event whichever e-mail or download adds it, in either language: a second import updates it.
      uid: `sih-hackathon@${new URL(site.siteUrl).hostname}`,
      title: hindi?.title ?? event.title,
      summary: hindi?.summary ?? event.summary,
      when: hindi ? { ...event.when, location: hindi.location } : event.when,
      url: siteLink(site, hindi ? `/hi${event.path}` : event.path),
      organizer: { name: site.siteName, email: site.contactEmail },
    },
    hindi ? "hi" : "en",
  );
  return [{ filename: "sih-hackathon.ics", contentType: calendarContentType, content }];
}

const whenText = (event: MailEvent | undefined, locale: Locale = "en") => {
  if (!event) return "";
  // The place stands alone after "Where:", so the sentence reads right whatever the place's own words end with.
  if (locale === "en") return ` It takes place ${indianTimeSpan(event.when)}. Where: ${event.when.location}.`;
  const { starts, ends } = event.when;
  const span = `${readableIndianTimeIn(starts, locale)} से ${readableIndianTimeIn(ends, locale)} तक`;
  return ` यह ${span} होगा। जगह: ${event.hi?.location ?? event.when.location}।`;
};

/** The leader's receipt: what arrived, when, who is in the team, what happens next. */
export function teamReceiptMail(
  site: MailSite,
  event: MailEvent | undefined,
  team: {
    leaderName: string;
    teamName: string;
    memberNames: string[];
    receivedAt: string;
    /** The link that tells the members, while their notices wait for the leader (decision 22); unset: they are told. */
    tellToken?: string;
  },
  locale: Locale = "en",
): ComposedMail {
  const others = team.memberNames.length;
  const teamName = oneLine(team.teamName);
  const memberNames = team.memberNames.map(oneLine).join(", ");
  const tell =
    team.tellToken && others > 0 ? pageLink(site, locale, "/sih/team-member", { token: team.tellToken }) : undefined;
  const when = readableIndianTimeIn(team.receivedAt, locale);
  const profile = pageLink(site, locale, "/userProfile");
  const privacy = pageLink(site, locale, "/privacy");
  return composeIn(site, locale, team.leaderName, {
    en: {
      subject: `We received your hackathon team on the ${site.siteName} website`,
      blocks: [
        `We received your registration of the team "${teamName}" for ${hackathonName(event)} on ${when}, with you as its leader.${whenText(event)}`,
        ...(tell
          ? [
              `Its members: ${memberNames}. We have not written to them yet: first confirm that you registered this team. Then each of them gets an e-mail naming the team and you, with a link to confirm they are in it or to remove themselves.`,
              {
                text: 'Open the link below and press "Tell my team\'s members" (opening the link changes nothing; only the button on the page does). If you did not register this team, you need to do nothing: we write nothing to its members.',
                link: tell,
                label: "Tell my team's members",
              },
            ]
          : [
              others > 0
                ? `Its members: ${memberNames}. Each of them gets an e-mail naming the team and you, with a link to confirm they are in it or to remove themselves. If someone removes themselves, we tell you, and you can add another member from your profile.`
                : "The team has no other members yet: add them from your profile.",
            ]),
        "What happens next: the council reads the registrations and contacts the teams by e-mail before the hackathon. The calendar file attached adds the hackathon to your calendar.",
        {
          text: "To see your team and its members, download everything the site keeps about you or erase it, sign in and open your profile (your account's e-mail address needs to be confirmed, and the same as the leader's address in the team, or you need to have registered the team while signed in):",
          link: profile,
          label: "Open my profile",
        },
        `The privacy notice says what we keep, for how long, and how to have it erased: ${privacy}`,
      ],
    },
    hi: {
      subject: `${site.siteName} वेबसाइट पर आपकी हैकाथॉन टीम हमें मिल गई`,
      blocks: [
        `${hackathonName(event, locale)} के लिए टीम "${teamName}" का आपका रजिस्ट्रेशन हमें ${when} को मिला, जिसमें आप इसके लीडर हैं।${whenText(event, locale)}`,
        ...(tell
          ? [
              `इसके सदस्य: ${memberNames}। हमने उन्हें अभी कुछ नहीं लिखा है: पहले पुष्टि करें कि यह टीम आपने रजिस्टर की है। तब हर सदस्य को एक ईमेल मिलेगा जिसमें टीम और आपका नाम होगा, और एक लिंक जिससे वे पुष्टि कर सकें कि वे टीम में हैं, या खुद को हटा सकें।`,
              {
                text: 'नीचे दिया लिंक खोलें और "मेरी टीम के सदस्यों को बताएँ" दबाएँ (लिंक खोलने से कुछ नहीं बदलता; सिर्फ़ पेज का बटन दबाने से बदलता है)। अगर यह टीम आपने रजिस्टर नहीं की, तो आपको कुछ नहीं करना है: इसके सदस्यों को हम कुछ नहीं लिखेंगे।',
                link: tell,
                label: "मेरी टीम के सदस्यों को बताएँ",
              },
            ]
          : [
              others > 0
                ? `इसके सदस्य: ${memberNames}। हर सदस्य को एक ईमेल मिलेगा जिसमें टीम और आपका नाम होगा, और एक लिंक जिससे वे पुष्टि कर सकें कि वे टीम में हैं, या खुद को हटा सकें। अगर कोई खुद को हटाता है, तो हम आपको बताएँगे, और आप अपनी प्रोफ़ाइल से दूसरा सदस्य जोड़ सकते हैं।`
                : "टीम में अभी कोई और सदस्य नहीं है: उन्हें अपनी प्रोफ़ाइल से जोड़ें।",
            ]),
        "आगे क्या होगा: काउंसिल रजिस्ट्रेशन पढ़ेगी और हैकाथॉन से पहले टीमों से ईमेल पर संपर्क करेगी। साथ लगी कैलेंडर फ़ाइल हैकाथॉन को आपके कैलेंडर में जोड़ देती है।",
        {
          text: "अपनी टीम और उसके सदस्य देखने, साइट पर रखी अपनी सारी जानकारी डाउनलोड करने या उसे मिटवाने के लिए लॉग इन करके अपनी प्रोफ़ाइल खोलें (आपके अकाउंट के ईमेल पते की पुष्टि होनी चाहिए और वह टीम में लीडर के पते जैसा ही होना चाहिए, या आपने टीम लॉग इन रहते हुए रजिस्टर की हो):",
          link: profile,
          label: "मेरी प्रोफ़ाइल खोलें",
        },
        `हम क्या रखते हैं, कितने समय तक, और उसे कैसे मिटवाएँ, यह निजता सूचना (Privacy notice) में लिखा है: ${privacy}`,
      ],
    },
  });
}

/** A member's notice: who put them in which team, and their one link (confirm or remove themselves). */
export function teamMemberNoticeMail(
  site: MailSite,
  event: MailEvent | undefined,
  notice: { memberName: string; leaderName: string; teamName: string; token: string },
  locale: Locale = "en",
): ComposedMail {
  const link = pageLink(site, locale, "/sih/team-member", { token: notice.token });
  notice = { ...notice, leaderName: oneLine(notice.leaderName), teamName: oneLine(notice.teamName) };
  return composeIn(site, locale, notice.memberName, {
    en: {
      subject: `You were added to a hackathon team on the ${site.siteName} website`,
      blocks: [
        `${notice.leaderName} registered the team "${notice.teamName}" for ${hackathonName(event)} on the ${site.siteName} website, with you as a member, and gave us your name, this e-mail address and your phone number.${whenText(event)}`,
        {
          text: 'Open the link below to confirm that you are in this team ("Yes, I am in this team"), or, if you did not agree to it, to remove yourself and your details from it ("Remove me from this team"). You need no account for either. Opening the link changes nothing; only the buttons on the page do.',
          link,
          label: "Confirm or remove myself",
        },
        "The calendar file attached adds the hackathon to your calendar.",
      ],
    },
    hi: {
      subject: `${site.siteName} वेबसाइट पर आपको एक हैकाथॉन टीम में जोड़ा गया है`,
      blocks: [
        `${notice.leaderName} ने ${site.siteName} वेबसाइट पर ${hackathonName(event, locale)} के लिए टीम "${notice.teamName}" रजिस्टर की है, जिसमें आप सदस्य हैं, और हमें आपका नाम, यह ईमेल पता और आपका फ़ोन नंबर दिया है।${whenText(event, locale)}`,
        {
          text: "नीचे दिया लिंक खोलकर पुष्टि करें कि आप इस टीम में हैं, या अगर आपने इसके लिए हाँ नहीं कहा था, तो खुद को और अपनी जानकारी को टीम से हटाएँ। इनमें से किसी के लिए भी अकाउंट की ज़रूरत नहीं है। लिंक खोलने से कुछ नहीं बदलता; सिर्फ़ पेज के बटन दबाने से बदलता है।",
          link,
          label: "पुष्टि करें या खुद को हटाएँ",
        },
        "साथ लगी कैलेंडर फ़ाइल हैकाथॉन को आपके कैलेंडर में जोड़ देती है।",
      ],
    },
  });
}

/** The leader hears that a member removed themselves, and how many the team has now. */
export function teamMemberRemovedMail(
  site: MailSite,
  removal: { leaderName: string; memberName: string; teamName: string; members: number },
  locale: Locale = "en",
): ComposedMail {
  const profile = pageLink(site, locale, "/userProfile");
  removal = { ...removal, memberName: oneLine(removal.memberName), teamName: oneLine(removal.teamName) };
  return composeIn(site, locale, removal.leaderName, {
    en: {
      subject: `A member left your hackathon team on the ${site.siteName} website`,
      blocks: [
        `${removal.memberName} removed themselves from ${removal.teamName}; the team now has ${removal.members} of ${fullTeam} members; add a member from your profile. Their details were erased from the team.`,
        {
          text: "Sign in and open your profile to add a member while registration is open:",
          link: profile,
          label: "Open my profile",
        },
      ],
    },
    hi: {
      subject: `${site.siteName} वेबसाइट पर आपकी हैकाथॉन टीम से एक सदस्य ने खुद को हटा लिया`,
      blocks: [
        `${removal.memberName} ने खुद को ${removal.teamName} से हटा लिया है; अब टीम में ${fullTeam} में से ${removal.members} सदस्य हैं; अपनी प्रोफ़ाइल से नया सदस्य जोड़ें। उनकी जानकारी टीम से मिटा दी गई है।`,
        {
          text: "रजिस्ट्रेशन खुला रहते हुए सदस्य जोड़ने के लिए लॉग इन करके अपनी प्रोफ़ाइल खोलें:",
          link: profile,
          label: "मेरी प्रोफ़ाइल खोलें",
        },
      ],
    },
  });
}

/** The members of a team erased with its leader's account: the team is gone, and their details with it. */
export function teamDisbandedMail(
  site: MailSite,
  event: MailEvent | undefined,
  disbanded: { memberName: string; leaderName: string; teamName: string },
  locale: Locale = "en",
): ComposedMail {
  const eventPage = pageLink(site, locale, event?.path ?? "/sih");
  disbanded = { ...disbanded, leaderName: oneLine(disbanded.leaderName), teamName: oneLine(disbanded.teamName) };
  return composeIn(site, locale, disbanded.memberName, {
    en: {
      subject: `Your hackathon team on the ${site.siteName} website was removed`,
      blocks: [
        `${disbanded.leaderName}, the leader of the team "${disbanded.teamName}", deleted their account on the ${site.siteName} website, and the team registered for ${hackathonName(event)} was removed with it. Your details in the team (your name, e-mail address and phone number) were erased with it.`,
        `If you still want to take part, a team can be registered again on the hackathon's page while registration is open: ${eventPage}`,
      ],
    },
    hi: {
      subject: `${site.siteName} वेबसाइट पर आपकी हैकाथॉन टीम हटा दी गई`,
      blocks: [
        `टीम "${disbanded.teamName}" के लीडर ${disbanded.leaderName} ने ${site.siteName} वेबसाइट पर अपना अकाउंट डिलीट कर दिया, और ${hackathonName(event, locale)} के लिए यह टीम भी उसके साथ हटा दी गई। टीम में आपकी जानकारी (आपका नाम, ईमेल पता और फ़ोन नंबर) भी साथ में मिटा दी गई है।`,
        `अगर आप अब भी हिस्सा लेना चाहते हैं, तो रजिस्ट्रेशन खुला रहने तक हैकाथॉन के पेज पर टीम फिर से रजिस्टर की जा सकती है: ${eventPage}`,
      ],
    },
  });
}
