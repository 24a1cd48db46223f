import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { bilingualPages } from "~/pages-derived";
import { useProductionServer } from "../support/production-server";

/**
 * The content pages in Hindi as the production server sends them (needs `npm run build`): Hindi documents, their
 * titles and texts in Hindi, no English text left where its Hindi exists (the catalogue's and data/*.json's), links
 * in Hindi; and the English pages as they were. Their loaders: tests/i18n/hindi-content.test.ts. That they ship no
 * framework, as every public page in both languages: tests/deploy/pages-without-framework.system.test.ts.
 */
const server = useProductionServer("council-hindi-content-", {});

async function get(path: string) {
  const response = await fetch(new URL(path, server.url));
  return { response, html: await response.text() };
}

/** The page's <main>, without the empty comments React puts between a text's parts. */
const main = (html: string) => (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "").replaceAll("<!-- -->", "");
const devanagari = /[\u0900-\u097F]/;
/** As React writes a text into HTML. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("'", "&#x27;")
    .replaceAll('"', "&quot;");

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The English of every `{ en, hi }` text of data/*.json whose Hindi differs. */
function englishOfBilingualContent(): string[] {
  const found: string[] = [];
  const walk = (value: Json) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      if (Object.keys(value).length === 2 && typeof value.en === "string" && typeof value.hi === "string") {
        if (value.en !== value.hi) found.push(value.en);
      } else Object.values(value).forEach(walk);
    }
  };
  for (const file of ["site.json", "clubs.json", "people.json", "gallery.json", "events.json"])
    walk(JSON.parse(readFileSync(`data/${file}`, "utf8")) as Json);
  return found;
}

/** The English of a catalogue area's texts whose Hindi differs (all areas by default), cut at placeholders and tags. */
function englishOfCatalogue(area?: keyof typeof en): string[] {
  const leaves = (english: object, hindi: object): [string, string][] =>
    Object.entries(english as Record<string, unknown>).flatMap(([key, value]): [string, string][] => {
      const other = (hindi as Record<string, unknown>)[key];
      return typeof value === "string" ? [[value, String(other)]] : leaves(value as object, other as object);
    });
  return (area ? leaves(en[area], hi[area]) : leaves(en, hi))
    .filter(([english, hindi]) => english !== hindi)
    .flatMap(([english]) => english.split(/{{\w+}}|<\/?\w+>/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 6);
}

/**
 * Whether `html` shows `text` as a whole: a text node's or a read attribute's value (alt, content, title, aria-label),
 * so that "President" inside "अध्यक्ष (President)" or a data-bearer="coordinator" key does not count.
 */
const shows = (html: string, text: string) => wholeTextsOf(html).has(escaped(text));

/** The page's whole texts, each text node and read attribute value trimmed: read once a page, not once a text. */
const wholeTexts = new Map<string, Set<string>>();
function wholeTextsOf(html: string): Set<string> {
  let texts = wholeTexts.get(html);
  if (!texts) {
    const joined = html.replaceAll("<!-- -->", "");
    texts = new Set(
      [
        ...[...joined.matchAll(/>([^<>]*)</g)].map((match) => match[1]!),
        ...[...joined.matchAll(/\b(?:alt|content|title|aria-label)="([^"]*)"/g)].map((match) => match[1]!),
      ].map((text) => text.trim()),
    );
    wholeTexts.clear();
    wholeTexts.set(html, texts);
  }
  return texts;
}

/** A catalogue text's part: a short one as a whole text ("Mission", not "mission" in a file name), a long one anywhere. */
const showsPart = (html: string, part: string) => (part.length < 25 ? shows(html, part) : html.includes(escaped(part)));

const contentEnglish = englishOfBilingualContent();
const catalogueEnglish = englishOfCatalogue("content");
const allCatalogueEnglish = englishOfCatalogue();

const hindiPages = [
  { path: "/hi", title: "Student Council", texts: ["जहाँ छात्र आगे बढ़कर नेतृत्व करते हैं", "घोषणा जल्द होगी"] },
  { path: "/hi/club/coding", title: "Coding Club | Student Council", texts: ["क्लब के बारे में", "नमूना मिशन:"] },
  { path: "/hi/mentors", title: "मेंटर | Student Council", texts: ["हमारे मेंटर हेड", "मेंटर हेड, तकनीकी क्लब"] },
  { path: "/hi/team", title: "पदाधिकारी (Office Bearers) | Student Council", texts: ["कोषाध्यक्ष (Treasurer)"] },
  { path: "/hi/developers", title: "डेवलपर टीम | Student Council", texts: ["UI/UX डिज़ाइनर"] },
  { path: "/hi/gallery", title: "कार्यक्रमों की गैलरी | Student Council", texts: ["गैलरी का नमूना चित्र 1:"] },
  {
    path: "/hi/privacy",
    title: "निजता सूचना (Privacy notice) | Student Council",
    texts: ["हर फ़ॉर्म क्या जानकारी लेता है, और क्यों", "पिछला बदलाव: 29 नवंबर 2026।"],
  },
];

describe("the content pages in Hindi", () => {
  for (const { path, title, texts } of hindiPages) {
    it(`${path} is a Hindi document with its texts in Hindi, no English where the Hindi exists`, async () => {
      const { response, html } = await get(path);
      expect(response.status).toBe(200);
      expect(html).toMatch(/<html lang="hi"/);
      expect(html).toContain(`<title>${escaped(title)}</title>`);
      expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toMatch(devanagari);
      for (const text of texts) expect(main(html)).toContain(escaped(text));
      // The whole document: the page, its meta tags, the footer's blurb and address.
      expect(contentEnglish.filter((english) => shows(html, english))).toEqual([]);
      expect(catalogueEnglish.filter((english) => showsPart(main(html), english))).toEqual([]);
      expect(main(html)).not.toMatch(/href="\/(?!hi\b|hi\/|images\/|media\/|language|hackathon-popup)/);
    });
  }

  it("the check of English would see an English page's texts", async () => {
    const { html } = await get("/club/coding");
    expect(contentEnglish.filter((english) => shows(html, english)).length).toBeGreaterThan(3);
    expect(catalogueEnglish.filter((english) => showsPart(main(html), english)).length).toBeGreaterThan(3);
  });
});

/** The page as a visitor reads it: without its scripts (a framework page carries its Hindi catalogue as data). */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/**
 * Every Hindi page a visitor can open without signing in, each form and link page as it first shows: the route
 * table's own list (app/pages.ts), so a page added later is checked too. The signed-in pages send the visitor to
 * the Hindi login; their own texts are tests/i18n/hindi-account.test.ts's.
 */
const signedInOnly = ["userProfile", "userProfile/delete", "sih/team/add-member"];
const everyHindiPage = bilingualPages
  .filter((page) => !signedInOnly.includes(page.path))
  .map((page) => (page.path === "" ? "/hi" : `/hi/${page.path.replace(":clubName", "coding")}`));

describe("every Hindi page", () => {
  it("is every page of the list but the signed-in ones", () => {
    expect(everyHindiPage.length).toBe(bilingualPages.length - signedInOnly.length);
    expect(everyHindiPage).toEqual(expect.arrayContaining(["/hi", "/hi/join", "/hi/sih/registration", "/hi/openMic"]));
  });

  for (const path of everyHindiPage) {
    it(`${path} shows no English text of the catalogue or of data/*.json where its Hindi exists`, async () => {
      const { response, html } = await get(path);
      // As its English twin answers (a link page opened without its link's token says so with a 404).
      const english = await fetch(new URL(path.replace(/^\/hi/, "") || "/", server.url));
      expect(response.status).toBe(english.status);
      expect(html).toMatch(/<html lang="hi"/);
      const read = withoutScripts(html);
      expect(contentEnglish.filter((english) => shows(read, english))).toEqual([]);
      expect(allCatalogueEnglish.filter((english) => showsPart(read, english))).toEqual([]);
    });
  }

  for (const path of signedInOnly.map((page) => `/hi/${page}`)) {
    it(`${path} sends a visitor who is not signed in to the Hindi login`, async () => {
      const response = await fetch(new URL(path, server.url), { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/hi/login");
    });
  }

  it("the check would see the whole catalogue's English on the English twins", async () => {
    for (const path of ["/join", "/sih/registration", "/login"]) {
      const { html } = await get(path);
      expect(allCatalogueEnglish.filter((english) => showsPart(withoutScripts(html), english)).length).toBeGreaterThan(
        5,
      );
    }
  });
});

describe("the content pages in English", () => {
  for (const { path } of hindiPages) {
    const englishPath = path.replace(/^\/hi/, "") || "/";
    it(`${englishPath} keeps its English, with no Hindi in its content`, async () => {
      const { response, html } = await get(englishPath);
      expect(response.status).toBe(200);
      expect(html).toMatch(/<html lang="en"/);
      expect(main(html)).not.toMatch(devanagari);
    });
  }

  it("the home page still says what it said", async () => {
    const { html } = await get("/");
    expect(html).toContain(
      '<meta name="description" content="Empowering students, building leaders. Meet the council&#x27;s leaders and mentors, explore 19 clubs and join the SIH 2025 internal hackathon and Tarang."/>',
    );
    expect(main(html)).toContain("Where students lead the way");
    expect(main(html)).toContain('With <strong class="font-semibold text-slate-900">10+ clubs</strong> in technology');
  });
});
