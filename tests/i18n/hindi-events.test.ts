import { createElement, type ComponentType } from "react";
import type { Texts } from "~/i18n/text";
import { TextProvider } from "~/i18n/use-text";
import { UNSAFE_ErrorResponseImpl, type UNSAFE_DataWithResponseInit } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hi } from "~/i18n/catalogue/hi";
import { locales, localizedPath } from "~/i18n/locale";
import { events } from "~/content/content.server";
import { pageTextsIn } from "~/seo/page-text";
import { indianTimeSpan } from "~/server/events/calendar.server";
import { combinedRegistrationState, registrationState } from "~/time/registration-window";
import Sih, { loader as sihLoader } from "~/routes/sih";
import Tarang, { loader as tarangLoader } from "~/routes/tarang";
import TarangCategoryPage, { loader as categoryLoader, meta as categoryMeta } from "~/routes/tarang-category";
import SihRegistration, { loader as registrationLoader } from "~/routes/sih-registration";
import TeamMember from "~/routes/sih-team-member";
import AddTeamMember from "~/routes/sih-team-add-member";
import { get, renderRoute, routeArgs, thrownBy } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

/**
 * The event pages under /hi: their loaders pick the Hindi of data/events.json and say a registration window's state
 * and an event's time in Hindi (Intl, hi-IN, India's time); their HTML has no English left where a Hindi text exists.
 * Registration windows are the tests' content's (tests/support/test-content.ts: open from a year before the run until
 * a year after it) read at a moment set from them, or fixed windows, so no test depends on today's date.
 */
const fake = useRecordingBackend();

// Given to the provider only: the English texts of tests/setup/i18n.ts stay the default for English renders.
const hindi: Texts = { locale: "hi", catalogue: hi };

/** A route component as a Hindi page renders it: inside the Hindi catalogue's provider, as entry.server.tsx does. */
const inHindi =
  (Component: unknown) =>
  (props: object): ReturnType<typeof createElement> =>
    createElement(TextProvider, { texts: hindi }, createElement(Component as ComponentType<object>, props));

const dayMs = 24 * 60 * 60 * 1000;
const hackathonWindow = events.hackathon.registration;
const ramp = events.tarang.categories.find((category) => category.slug === "rampWalk")!;

/** The page's loader data and HTML at a moment inside (or before, or after) its window. */
function pageAt<Data>(moment: number, path: string, Component: unknown, loader: (args: never) => Data) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(moment);
  const loaderData = loader(routeArgs(get(path)) as never);
  return { loaderData, html: renderRoute({ path, Component: inHindi(Component), loaderData }) };
}
afterEach(() => {
  vi.useRealTimers();
});

/** The text a visitor reads: the HTML without its tags, scripts and entities, spaces squeezed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&[a-z#0-9]+;/g, " ")
    .replace(/\s+/g, " ");
}

/**
 * The English words left in a Hindi page's text once the names that stay as they are (people, brands, the site's
 * name, the coordinators' sample names) and the English a Hindi text gives in brackets are taken out.
 */
function englishLeftIn(html: string): string[] {
  const keptAsTheyAre = [
    "Student Council",
    "Smart India Hackathon",
    "(problem statement)",
    /Hackathon Coordinator \d \(sample\)/g,
    /Tarang Coordinator \d \(sample\)/g,
    "SIH",
    "PPT",
    "PDF",
    "IST",
  ];
  let text = textOf(html);
  for (const kept of keptAsTheyAre) text = text.replaceAll(kept, " ");
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

/** Attributes a visitor meets too: alternative texts and accessible names. */
const attributes = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map(([, value]) => value);

describe("registration windows and event times in Hindi", () => {
  const window = { opens: "2026-11-01T10:00:00+05:30", closes: "2027-03-31T23:59:00+05:30" };

  const windowTexts = {
    en: {
      open: "Registration open until 31 Mar 2027, 23:59 IST",
      notYetOpen: "Opens on 1 Nov 2026, 10:00 IST",
      closed: "Registration closed",
    },
    hi: {
      open: "रजिस्ट्रेशन 31 मार्च 2027, 23:59 IST तक खुला है",
      notYetOpen: "रजिस्ट्रेशन 1 नवंबर 2026, 10:00 IST को खुलेगा",
      closed: "रजिस्ट्रेशन बंद है",
    },
  };

  it.each(locales)(
    "say open until, opens on and closed in %s, with the date through Intl in India's time",
    (locale) => {
      const texts = windowTexts[locale];
      expect(registrationState(window, new Date("2027-01-15T00:00:00Z"), locale)).toEqual({
        state: "open",
        text: texts.open,
      });
      expect(registrationState(window, new Date("2026-10-31T00:00:00Z"), locale)).toEqual({
        state: "not-yet-open",
        text: texts.notYetOpen,
      });
      expect(registrationState(window, new Date("2027-04-01T00:00:00Z"), locale)).toEqual({
        state: "closed",
        text: texts.closed,
      });
      expect(combinedRegistrationState([window], new Date("2027-04-01T00:00:00Z"), locale).text).toBe(texts.closed);
    },
  );

  it("say them in English when no language is given", () => {
    expect(registrationState(window, new Date("2027-01-15T00:00:00Z")).text).toBe(windowTexts.en.open);
  });

  it("say when an event is from start to end in India's time, across midnight UTC too", () => {
    const when = { starts: "2027-04-24T23:30:00Z", ends: "2027-04-25T12:30:00Z" };
    expect(indianTimeSpan(when, "hi")).toBe("25 अप्रैल 2027, 05:00 IST से 25 अप्रैल 2027, 18:00 IST तक");
    expect(indianTimeSpan(when)).toBe("25 Apr 2027, 05:00 IST to 25 Apr 2027, 18:00 IST");
  });
});

describe("/hi/sih", () => {
  const inWindow = Date.parse(hackathonWindow.opens) + dayMs;

  const hackathonTexts = {
    en: {
      title: "SIH 2025 Internal Hackathon",
      when: "24 Apr 2027, 09:00 IST to 24 Apr 2027, 18:00 IST",
      location: "Main auditorium, on campus",
      open: /^Registration open until \d{1,2} \S+ \d{4}, \d\d:\d\d IST$/,
    },
    hi: {
      title: "SIH 2025 इंटरनल हैकाथॉन",
      when: "24 अप्रैल 2027, 09:00 IST से 24 अप्रैल 2027, 18:00 IST तक",
      location: "मेन ऑडिटोरियम, कैंपस में",
      open: /^रजिस्ट्रेशन \d{1,2} \S+ \d{4}, \d\d:\d\d IST तक खुला है$/,
    },
  };

  it.each(locales)("its loader in %s gives the hackathon's title, time, place and window's state", (locale) => {
    const texts = hackathonTexts[locale];
    const { loaderData } = pageAt(inWindow, localizedPath(locale, "/sih"), Sih, sihLoader);
    expect(loaderData.hackathon.title).toBe(texts.title);
    expect(loaderData.calendar).toEqual({ when: texts.when, location: texts.location });
    expect(loaderData.registration.state).toBe("open");
    expect(loaderData.registration.text).toMatch(texts.open);
    // The site's name and the coordinators' names stay as they are.
    expect(loaderData.organiser).toBe("Student Council");
    expect(loaderData.hackathon.coordinators[0]!.name).toBe("Hackathon Coordinator 1 (sample)");
  });

  it("its Hindi loader gives the hackathon's texts and dates in Hindi", () => {
    const { loaderData } = pageAt(inWindow, "/hi/sih", Sih, sihLoader);
    const { hackathon } = loaderData;
    expect(hackathon.subtitle).toMatch(/^वह इंटरनल राउंड/);
    expect(hackathon.teamRules[0]).toBe("हर टीम में ठीक 6 सदस्य होते हैं, जिनमें 1 टीम लीडर है।");
    expect(hackathon.dates[0]).toEqual({ label: "आइडिया जमा करने की तारीख", value: "10 अप्रैल 2027" });
    expect(hackathon.pptTemplate.label).toBe("आइडिया प्रेज़ेंटेशन फ़ॉर्मेट (नमूना PDF)");
    expect(hackathon).not.toHaveProperty("popup");
  });

  it("shows every text in Hindi, no English left, and its links stay in Hindi", () => {
    const { html } = pageAt(inWindow, "/hi/sih", Sih, sihLoader);
    for (const hindiText of [
      "Student Council द्वारा आयोजित",
      "SIH 2025 इंटरनल हैकाथॉन",
      "रजिस्ट्रेशन शुरू करें",
      "टीम के नियम पढ़ें",
      "कब:",
      "कहाँ:",
      "कैलेंडर में जोड़ें",
      "इंटरनल हैकाथॉन क्या है?",
      "अपनी टीम बनाइए और रजिस्टर कीजिए",
      "ज़रूरी तारीखें",
      "प्रॉब्लम स्टेटमेंट देखें",
      "तैयारी के लिए सब कुछ",
      "डाउनलोड करें: आइडिया प्रेज़ेंटेशन फ़ॉर्मेट (नमूना PDF)",
      "स्टूडेंट कोऑर्डिनेटर",
      "Hackathon Coordinator 1 (sample) को इस नंबर पर कॉल करें:",
      "(नए टैब में खुलेगा)",
    ]) {
      expect(html).toContain(hindiText);
    }
    expect(englishLeftIn(html)).toEqual([]);
    expect(attributes(html, "aria-label")).toContain("हैकाथॉन के हिस्से");
    expect(html).toContain('href="/hi/sih/registration"');
    expect(html).not.toContain('href="/sih/registration"');
    // The calendar file in Hindi (tests/routes/event-calendar.test.ts).
    expect(html).toContain('href="/hi/sih/calendar.ics"');
  });

  it("says in Hindi when registration opens, and shows no link to the form before it does", () => {
    const { html } = pageAt(Date.parse(hackathonWindow.opens) - 60_000, "/hi/sih", Sih, sihLoader);
    expect(html).toMatch(/रजिस्ट्रेशन \d{1,2} \S+ \d{4}, \d\d:\d\d IST को खुलेगा/);
    expect(html).not.toContain("/sih/registration");
    expect(englishLeftIn(html)).toEqual([]);
  });
});

describe("/hi/tarang and its categories", () => {
  const inWindow = Date.parse(ramp.registration.opens) + dayMs;

  it("the Tarang loader gives the fest, its categories and notes in Hindi", () => {
    const { loaderData } = pageAt(inWindow, "/hi/tarang", Tarang, tarangLoader);
    expect(loaderData.title).toBe("तरंग – प्रतिभा की लहरें");
    expect(loaderData.categories.map((category) => category.title)).toEqual([
      "रैंप वॉक",
      "डांस",
      "ओपन माइक",
      "संगीत",
      "मिस्ट्री गेम",
    ]);
    expect(loaderData.categories[0]).toMatchObject({ note: "सिर्फ़ पारंपरिक", slug: "rampWalk" });
    expect(loaderData.categories[0]!.image.alt).toBe("स्पॉटलाइट के नीचे रैंप का चित्र");
    expect(loaderData.categories[0]!.registration.text).toMatch(/तक खुला है$/);
    expect(loaderData.notes[0]).toBe("एंट्री “पहले आओ, पहले पाओ” के आधार पर ली जाती हैं।");
    expect(loaderData.calendar.location).toBe("ओपन-एयर स्टेज, कैंपस में");
  });

  it("/hi/tarang shows every text in Hindi, and its cards open the Hindi category pages", () => {
    const { html } = pageAt(inWindow, "/hi/tarang", Tarang, tarangLoader);
    for (const hindiText of [
      "सांस्कृतिक फ़ेस्ट",
      "किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए",
      "अपना मंच चुनिए",
      "पूरी जानकारी देखें",
      "ज़रूरी बातें और कोऑर्डिनेटर",
      "ज़रूरी बातें",
      'alt="नाचते हुए दो डांसरों का चित्र"',
    ]) {
      expect(html).toContain(hindiText);
    }
    expect(englishLeftIn(html)).toEqual([]);
    for (const alt of attributes(html, "alt")) expect(alt).toMatch(/[\u0900-\u097F]/);
    expect(html).toContain('href="/hi/rampWalk"');
    expect(html).not.toContain('href="/rampWalk"');
  });

  it("/hi/rampWalk shows the category, its rules and how to register in Hindi, with the way back in Hindi", () => {
    const { loaderData, html } = pageAt(inWindow, "/hi/rampWalk", TarangCategoryPage, categoryLoader);
    expect(loaderData.category.title).toBe("रैंप वॉक");
    expect(loaderData.category.rules[0]).toBe("नमूना नियम: सिर्फ़ पारंपरिक पोशाक।");
    expect(loaderData.fest).toBe("तरंग – प्रतिभा की लहरें");
    for (const hindiText of [
      "तरंग पर वापस",
      "रजिस्टर कैसे करें",
      "नियम",
      "रैंप वॉक के लिए किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए: उनमें से किसी को कॉल कीजिए।",
      "रजिस्टर करने से पहले",
      "तरंग की सभी कैटेगरी देखें",
    ]) {
      expect(html).toContain(hindiText);
    }
    expect(englishLeftIn(html)).toEqual([]);
    expect(html).toContain('href="/hi/tarang"');
    expect(html).not.toContain('href="/tarang"');
  });

  it("a Hindi category page says in Hindi that registration has not opened, or has closed", () => {
    const before = pageAt(
      Date.parse(ramp.registration.opens) - 60_000,
      "/hi/rampWalk",
      TarangCategoryPage,
      categoryLoader,
    );
    expect(before.html).toMatch(/रैंप वॉक का रजिस्ट्रेशन अभी खुला नहीं है \(रजिस्ट्रेशन .+ को खुलेगा\)।/);
    const after = pageAt(Date.parse(ramp.registration.closes), "/hi/rampWalk", TarangCategoryPage, categoryLoader);
    expect(after.html).toContain("रैंप वॉक का रजिस्ट्रेशन बंद हो गया है।");
    expect(englishLeftIn(after.html)).toEqual([]);
  });

  it("a Hindi category page's title and description are Hindi, and a missing category's too", () => {
    const { loaderData } = pageAt(inWindow, "/hi/rampWalk", TarangCategoryPage, categoryLoader);
    const tags = categoryMeta({
      matches: [{ loaderData: { site: undefined } }],
      loaderData,
      location: { pathname: "/hi/rampWalk" },
    } as never) as Record<string, string>[];
    expect(tags.find((tag) => "title" in tag)?.title).toBe("रैंप वॉक – तरंग | Student Council");
    expect(tags.find((tag) => tag.name === "description")?.content).toBe(
      "भारत के किसी भी राज्य या संस्कृति की पारंपरिक पोशाक में रैंप पर चलिए।",
    );
    // A missing category: the loader's 404 carries the page's words, as React Router hands them to meta.
    const notFound = thrownBy(() =>
      categoryLoader(routeArgs(get("/hi/karaoke"))),
    ) as UNSAFE_DataWithResponseInit<unknown>;
    const missing = categoryMeta({
      matches: [{ loaderData: { site: undefined } }],
      loaderData: undefined,
      error: new UNSAFE_ErrorResponseImpl(404, "Not Found", notFound.data),
      location: { pathname: "/hi/karaoke" },
    } as never) as Record<string, string>[];
    expect(missing.find((tag) => "title" in tag)?.title).toBe("पेज नहीं मिला | Student Council");
    expect(missing.find((tag) => tag.name === "description")?.content).toBe("तरंग की यह कैटेगरी नहीं है।");
  });
});

describe("the event pages' titles", () => {
  const titles = {
    en: {
      sih: "SIH 2025 Internal Hackathon",
      registration: "SIH 2025 Team Registration",
      tarang: "Tarang – The Waves of Talent",
      teamMember: "Your place in a hackathon team",
      addMember: "Add a team member",
    },
    hi: {
      sih: "SIH 2025 इंटरनल हैकाथॉन",
      registration: "SIH 2025 टीम रजिस्ट्रेशन",
      tarang: "तरंग – प्रतिभा की लहरें",
      teamMember: "हैकाथॉन टीम में आपकी जगह",
      addMember: "टीम में सदस्य जोड़ें",
    },
  };

  it.each(locales)("are the page's language's in %s, and the private pages stay private", (locale) => {
    const pages = pageTextsIn(locale);
    expect(pages["/sih"].title).toBe(titles[locale].sih);
    expect(pages["/sih/registration"].title).toBe(titles[locale].registration);
    expect(pages["/tarang"].title).toBe(titles[locale].tarang);
    expect(pages["/sih/team-member"]).toMatchObject({ title: titles[locale].teamMember, private: true });
    expect(pages["/sih/team/add-member"]).toMatchObject({ title: titles[locale].addMember, private: true });
  });

  it("the member's page keeps its English description", () => {
    expect(pageTextsIn("en")["/sih/team-member"].description).toBe(
      "Confirm that you are in a hackathon team, or remove yourself from it.",
    );
  });
});

describe("/hi/sih/registration", () => {
  const inWindow = Date.parse(hackathonWindow.opens) + dayMs;

  async function page(teams: { _id: string; teamName: string; category: string }[] | null) {
    const backend = fake;
    backend.reset();
    backend.answers.listTeams = teams === null ? { ok: false, reason: "unavailable" } : { ok: true, value: teams };
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(inWindow);
    const loaderData = await registrationLoader(routeArgs(get("/hi/sih/registration")));
    const path = "/hi/sih/registration";
    return { loaderData, html: renderRoute({ path, Component: inHindi(SihRegistration), loaderData }) };
  }

  it("has its heading, introduction, way back and window's state in Hindi", async () => {
    const { loaderData, html } = await page([]);
    expect(loaderData.registration.text).toMatch(/^रजिस्ट्रेशन .+ तक खुला है$/);
    expect(html).toContain("SIH 2025 टीम रजिस्ट्रेशन");
    expect(html).toContain("इंटरनल हैकाथॉन के लिए छह लोगों की टीम रजिस्टर कीजिए");
    expect(html).toContain("← SIH 2025 पर वापस");
    expect(html).toContain('href="/hi/sih"');
    expect(html).toContain(loaderData.registration.text);
  });

  it("lists the registered teams in Hindi: the count, each team's category, or none yet", async () => {
    const two = await page([
      { _id: "t1", teamName: "Byte Busters", category: "coding" },
      { _id: "t2", teamName: "Pixel Pals", category: "design" },
    ]);
    expect(two.html).toContain("रजिस्टर हुई टीमें");
    expect(two.html).toContain("2 टीमें रजिस्टर हुईं");
    expect(two.html).toContain(">कोडिंग (Coding)<");
    expect(two.html).toContain(">डिज़ाइन (Design)<");
    expect(two.html).toContain("Byte Busters");
    const one = await page([{ _id: "t1", teamName: "Byte Busters", category: "business" }]);
    expect(one.html).toContain("1 टीम रजिस्टर हुई");
    expect(one.html).toContain(">बिज़नेस (Business)<");
    expect((await page([])).html).toContain("अभी तक कोई टीम रजिस्टर नहीं हुई है। पहले आप बनें!");
  });

  it("says in Hindi when the list could not be loaded", async () => {
    const { html } = await page(null);
    expect(html).toContain("रजिस्टर हुई टीमों की सूची अभी लोड नहीं हो सकी।");
    expect(html).not.toContain("could not be loaded");
  });

  it("says in Hindi that the registration is closed, once it is", async () => {
    const backend = fake;
    backend.reset();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(hackathonWindow.closes));
    const loaderData = await registrationLoader(routeArgs(get("/hi/sih/registration")));
    const path = "/hi/sih/registration";
    const html = renderRoute({ path, Component: inHindi(SihRegistration), loaderData });
    expect(html).toContain("रजिस्ट्रेशन बंद है");
    expect(html).toContain("टीमें सिर्फ़ तभी रजिस्टर हो सकती हैं जब रजिस्ट्रेशन खुला हो।");
  });
});

describe("the team pages' own texts in Hindi", () => {
  const link = {
    state: "valid",
    token: "t",
    teamName: "<b>Byte Busters</b>",
    leaderName: "Asha",
    memberName: "Ravi",
    confirmed: true,
  } as const;

  const memberTexts = {
    en: {
      hackathon: "SIH 2025 Internal Hackathon",
      sentence:
        "Asha registered the team <b>Byte Busters</b> for SIH 2025 Internal Hackathon, with you, Ravi , as a member.",
      confirmed: "You confirmed that you are in this team.",
    },
    hi: {
      hackathon: "SIH 2025 इंटरनल हैकाथॉन",
      sentence: "Asha ने SIH 2025 इंटरनल हैकाथॉन के लिए टीम <b>Byte Busters</b> रजिस्टर की है, जिसमें आप, Ravi , सदस्य हैं।",
      confirmed: "आपने पुष्टि कर दी है कि आप इस टीम में हैं।",
    },
  };

  it.each(locales)(
    "/sih/team-member in %s names the team, its leader and the hackathon in one sentence, names kept as text",
    (locale) => {
      const texts = memberTexts[locale];
      const html = renderRoute({
        path: localizedPath(locale, "/sih/team-member"),
        Component: TeamMember,
        loaderData: { link, hackathon: texts.hackathon },
        locale,
      });
      expect(textOf(html)).toContain(texts.sentence);
      expect(html).toContain("<strong><bdi>&lt;b&gt;Byte Busters&lt;/b&gt;</bdi></strong>");
      expect(html).toContain(texts.confirmed);
      expect(html).toContain(`href="${localizedPath(locale, "/sih")}"`);
      expect(html).toContain(`href="${localizedPath(locale, "/privacy")}"`);
    },
  );

  it("/hi/sih/team-member has its heading in Hindi", () => {
    const html = renderRoute({
      path: "/hi/sih/team-member",
      Component: TeamMember,
      loaderData: { link, hackathon: memberTexts.hi.hackathon },
      locale: "hi",
    });
    expect(html).toContain("हैकाथॉन टीम में आपकी जगह");
  });

  it("/hi/sih/team/add-member says in Hindi whose team it is and how many are in it", () => {
    const team = {
      id: 7,
      teamName: "Byte Busters",
      members: [
        { name: "Asha", role: "leader", confirmed: true },
        { name: "Ravi", role: "member", confirmed: false },
      ],
    };
    const html = renderRoute({
      path: "/hi/sih/team/add-member",
      Component: inHindi(AddTeamMember),
      loaderData: { page: { state: "form", team } },
    });
    expect(html).toContain("टीम में सदस्य जोड़ें");
    expect(textOf(html)).toContain("आपकी टीम Byte Busters में 6 में से 2 सदस्य हैं: Asha, Ravi।");
    expect(html).toContain("उन्हें एक ईमेल मिलेगा जिसमें टीम और आपका नाम होगा");
    expect(html).toContain("मेरी प्रोफ़ाइल पर वापस");
    expect(html).toContain('href="/hi/userProfile"');
  });
});
