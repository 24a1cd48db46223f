import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loader as clubLoader } from "~/routes/club-detail";
import { loader as developersLoader } from "~/routes/developers";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as homeLoader } from "~/routes/home";
import { loader as mentorsLoader } from "~/routes/mentors";
import { loader as privacyLoader } from "~/routes/privacy";
import { loader as teamLoader } from "~/routes/team";
import { action as closePopup } from "~/routes/hackathon-popup";
import { publicSiteIn } from "~/content/content.server";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { pageTextsIn } from "~/seo/page-text";
import { get, post, routeArgs } from "../support/routes";

/**
 * The content pages' loaders in Hindi (home, a club, mentors, team, developers, gallery, privacy): every text of
 * data/*.json that has its Hindi comes in Hindi, names stay as they are, links stay in Hindi; and the English pages
 * get what they got before. tests/i18n/hindi-content-html.system.test.ts checks the pages the server sends.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every `{ en, hi }` text of the content files whose Hindi differs from its English. */
function bilingualTexts(): { en: string; hi: string }[] {
  const found: { en: string; hi: string }[] = [];
  const walk = (value: Json) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const keys = Object.keys(value);
      if (keys.length === 2 && typeof value.en === "string" && typeof value.hi === "string") {
        if (value.en !== value.hi) found.push({ en: value.en, hi: value.hi });
      } else Object.values(value).forEach(walk);
    }
  };
  for (const file of ["site.json", "clubs.json", "people.json", "gallery.json", "events.json"])
    walk(JSON.parse(readFileSync(`data/${file}`, "utf8")) as Json);
  return found;
}
const texts = bilingualTexts();
const english = new Set(texts.map((text) => text.en));
const hindi = new Set(texts.map((text) => text.hi));

/** Every string in a loader's answer. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The loader's answer holds no English text that has its Hindi, and (as a check of the check) some Hindi. */
function expectHindiOnly(data: unknown) {
  const all = strings(data);
  expect(all.filter((text) => english.has(text))).toEqual([]);
  expect(all.some((text) => hindi.has(text))).toBe(true);
}

function expectEnglishOnly(data: unknown) {
  const all = strings(data);
  expect(all.filter((text) => hindi.has(text))).toEqual([]);
  expect(all.filter((text) => /[\u0900-\u097F]/.test(text))).toEqual([]);
}

/** The loader's answer is in `locale` alone. */
const expectOnly = (locale: Locale, data: unknown) =>
  locale === "hi" ? expectHindiOnly(data) : expectEnglishOnly(data);

describe("the content files", () => {
  it("have Hindi beside the English of what visitors read (the check sees them)", () => {
    expect(texts.length).toBeGreaterThan(150);
  });
});

describe("the home page's loader", () => {
  const homeTexts = {
    en: { announced: "To be Announced", popup: "SIH 2025 Internal Hackathon" },
    hi: { announced: "घोषणा जल्द होगी", popup: "SIH 2025 इंटरनल हैकाथॉन" },
  };

  it.each(locales)(
    "gives the home page in %s alone: its event cards and popup, its links in its language",
    (locale) => {
      const home = homeLoader(routeArgs(get(localizedPath(locale, "/"))));
      expectOnly(locale, home);
      expect(home.upcoming.map((event) => [event.date, event.link])).toEqual([
        [homeTexts[locale].announced, localizedPath(locale, "/sih")],
        [homeTexts[locale].announced, localizedPath(locale, "/tarang")],
      ]);
      expect(home.getInvolved.map((card) => card.link)).toEqual(
        ["/join", "/suggestion", "/ideas", "/sih"].map((path) => localizedPath(locale, path)),
      );
      expect(home.popup.title).toBe(homeTexts[locale].popup);
      for (const club of home.clubs) expect(club.link.startsWith(localizedPath(locale, "/club/"))).toBe(true);
    },
  );

  it("gives /hi the tagline, leaders and their portraits in Hindi, the council's and institute's names as they are", () => {
    const home = homeLoader(routeArgs(get("/hi")));
    expect(home.hero).toMatchObject({ title: "Student Council", tagline: "छात्रों को सशक्त बनाना, नेतृत्व गढ़ना।" });
    expect(home.hero.institute).toBe("TIT Group of Institutions, Bhopal");
    expect(home.description).toMatch(/^छात्रों को सशक्त बनाना, नेतृत्व गढ़ना। काउंसिल के लीडर और मेंटर से मिलें/);
    expect(home.leaders.map((leader) => [leader.name, leader.role])).toEqual([
      ["Sample President", "अध्यक्ष (President)"],
      ["Sample Vice President", "उपाध्यक्ष (Vice President)"],
      ["Sample General Secretary", "महासचिव (General Secretary)"],
    ]);
    expect(home.leaders[0]!.image.alt).toBe("Sample President का चित्र");
  });

  it("gives / its description, first card and popup text in English as before", () => {
    const home = homeLoader(routeArgs(get("/")));
    expect(home.description).toBe(
      "Empowering students, building leaders. Meet the council's leaders and mentors, explore 19 clubs and join the SIH 2025 internal hackathon and Tarang.",
    );
    expect(home.getInvolved[0]).toEqual({
      icon: "users",
      title: "Join the Council",
      description: "Apply to join the council or one of its 19 clubs and help shape campus life.",
      link: "/join",
    });
    expect(home.popup).toEqual({
      title: "SIH 2025 Internal Hackathon",
      text: "Build a team of six, pick a problem statement and compete for a place in Smart India Hackathon 2025.",
    });
  });
});

describe("a club's loader", () => {
  const bearerLabels = {
    en: ["coordinator", "secretary", "assistant secretary"],
    hi: ["कोऑर्डिनेटर", "सचिव", "सहायक सचिव"],
  };

  it.each(locales)("gives /club/coding in %s alone: its texts and bearers' roles; its name stays", (locale) => {
    const { club } = clubLoader(routeArgs(get(localizedPath(locale, "/club/coding")), { clubName: "coding" }));
    expectOnly(locale, club);
    expect(club.name).toBe("Coding Club");
    expect(club.bearers.map((bearer) => bearer.label)).toEqual(bearerLabels[locale].slice(0, club.bearers.length));
  });

  it("gives /hi/club/coding the club's mission and logo's alt text in Hindi", () => {
    const { club } = clubLoader(routeArgs(get("/hi/club/coding"), { clubName: "coding" }));
    expect(club.mission).toBe("नमूना मिशन: हर छात्र को उसका पहला प्रोग्राम और पहला असली प्रोजेक्ट लिखने में मदद करना।");
    expect(club.logo.alt).toBe("Coding Club का लोगो");
  });

  it("gives /club/coding its English description as before", () => {
    const { club } = clubLoader(routeArgs(get("/club/coding"), { clubName: "coding" }));
    expect(club.description).toBe(
      "Weekly problem-solving sessions, contests and project sprints for everyone from first-time programmers to competitive coders.",
    );
  });
});

describe("the people pages' and the gallery's loaders", () => {
  const peopleTexts = {
    en: {
      mentorRole: "Mentor Head, Technical Clubs",
      galleryAlt:
        "Sample gallery image 1: illustration of a stage under coloured spotlights with the audience in front",
    },
    hi: {
      mentorRole: "मेंटर हेड, तकनीकी क्लब",
      galleryAlt: "गैलरी का नमूना चित्र 1: रंगीन स्पॉटलाइट के नीचे मंच और सामने बैठे दर्शकों का चित्र",
    },
  };

  it.each(locales)(
    "give the pages in %s their roles, quotes and alt texts in it alone, names as they are",
    (locale) => {
      const at = (path: string) => routeArgs(get(localizedPath(locale, path)));
      const mentors = mentorsLoader(at("/mentors"));
      expectOnly(locale, mentors);
      expect(mentors.mentorHeads[0]).toMatchObject({
        name: "Mentor Head 1 (sample)",
        role: peopleTexts[locale].mentorRole,
      });
      expectOnly(locale, teamLoader(at("/team")));
      const developers = developersLoader(at("/developers"));
      expectOnly(locale, developers);
      expect(developers.developers).toHaveLength(6);
      const gallery = galleryLoader(at("/gallery"));
      expectOnly(locale, gallery);
      expect(gallery.images[0]!.alt).toBe(peopleTexts[locale].galleryAlt);
    },
  );

  it("give the Hindi pages portraits' alt texts and bearers' roles in Hindi", () => {
    expect(mentorsLoader(routeArgs(get("/hi/mentors"))).subMentors[0]!.image.alt).toBe("Mentor 1 (sample) का चित्र");
    const team = teamLoader(routeArgs(get("/hi/team")));
    expect(team.officeBearers[0]).toMatchObject({ name: "Sample Treasurer", role: "कोषाध्यक्ष (Treasurer)" });
  });

  it("give the English mentors page its quote and portrait's alt text as before", () => {
    expect(mentorsLoader(routeArgs(get("/mentors"))).mentorHeads[0]).toMatchObject({
      quote: "Sample quote: Build something every semester, even if it breaks. Especially if it breaks.",
      image: { alt: "Portrait of Mentor Head 1 (sample)" },
    });
  });
});

describe("the privacy notice's loader", () => {
  it("writes the day it last changed through Intl in the page's language", () => {
    expect(privacyLoader(routeArgs(get("/hi/privacy"))).lastChanged).toBe("29 नवंबर 2026");
    expect(privacyLoader(routeArgs(get("/privacy"))).lastChanged).toBe("29 November 2026");
  });
});

describe("the site identity and the page titles", () => {
  it("are in Hindi for a Hindi page: the footer's blurb and address, the share card's alt text, the titles", () => {
    const site = publicSiteIn("hi");
    expectHindiOnly(site);
    expect(site.name).toBe("Student Council");
    expect(site.address).toEqual(["TIT Group of Institutions कैंपस", "आनंद नगर, BHEL भोपाल - 462021", "मध्य प्रदेश, भारत"]);
    const pages = pageTextsIn("hi");
    expect(pages["/mentors"].title).toBe("मेंटर");
    expect(pages["/team"].title).toBe("पदाधिकारी (Office Bearers)");
    expect(pages["/gallery"].title).toBe("कार्यक्रमों की गैलरी");
    expect(pages["/privacy"].title).toBe("निजता सूचना (Privacy notice)");
    expect(pages["/developers"].description).toBe("उन छात्रों से मिलें जिन्होंने काउंसिल की वेबसाइट डिज़ाइन की और बनाई।");
  });

  it("stay in English for an English page, as the table says", () => {
    expectEnglishOnly(publicSiteIn("en"));
    const pages = pageTextsIn("en");
    for (const path of ["/mentors", "/team", "/developers", "/gallery", "/privacy"] as const)
      expect(pages[path], path).toEqual(
        {
          "/mentors": {
            title: "Mentors",
            description: "Meet the faculty mentors who guide the council and its clubs: our mentor heads and mentors.",
          },
          "/team": {
            title: "Office Bearers",
            description:
              "Meet the council's 14 office bearers, the students who run its events, clubs and communication.",
          },
          "/developers": {
            title: "Developer Team",
            description: "Meet the students who designed and built the council's website.",
          },
          "/gallery": {
            title: "Event Gallery",
            description: "Moments from the council's events, fests, hackathons and club activities.",
          },
          "/privacy": {
            title: "Privacy notice",
            description:
              "What the council's site collects, why, who sees it, how long it is kept, and how to see, download or erase it.",
          },
        }[path],
      );
  });
});

describe("closing the hackathon popup without JavaScript", () => {
  it("brings a visitor back to the home page of the language they closed it in", () => {
    expect(closePopup(routeArgs(post("/hackathon-popup?lang=hi", {}))).headers.get("Location")).toBe("/hi");
    expect(closePopup(routeArgs(post("/hackathon-popup", {}))).headers.get("Location")).toBe("/");
    expect(closePopup(routeArgs(post("/hackathon-popup?lang=//evil.example", {}))).headers.get("Location")).toBe("/");
  });
});
