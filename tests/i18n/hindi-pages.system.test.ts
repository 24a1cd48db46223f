import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { loader as clubsLoader } from "~/routes/clubs";
import { useProductionServer } from "../support/production-server";
import { get as request, routeArgs } from "../support/routes";

/**
 * The clubs page in both languages, as the production server sends it (needs `npm run build`): the pattern every
 * page's Hindi twin follows. And its loader, called directly.
 */
const server = useProductionServer("council-hindi-test-", {});

async function get(path: string, cookie?: string) {
  const response = await fetch(new URL(path, server.url), { headers: cookie ? { Cookie: cookie } : {} });
  return { response, html: await response.text() };
}

const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
const devanagari = /[\u0900-\u097F]/;
/** As React writes a text into HTML. */
const escaped = (text: string) => text.replaceAll("&", "&amp;");
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
    lang,
    new URL(href!).pathname,
  ]);

/**
 * One page, /clubs, in each language: what differs is its words (from the catalogues), its paths (under /hi in Hindi)
 * and its twin. That every public page, in both languages, ships no framework is
 * tests/deploy/pages-without-framework.system.test.ts's.
 */
const languages = [
  {
    locale: "en",
    path: "/clubs",
    catalogue: en,
    linkPrefix: "",
    otherLanguage: { name: "हिन्दी", path: "/hi/clubs", lang: ' lang="hi"' },
    codingAlt: "Coding Club logo",
  },
  {
    locale: "hi",
    path: "/hi/clubs",
    catalogue: hi,
    linkPrefix: "/hi",
    otherLanguage: { name: "English", path: "/clubs", lang: "" },
    codingAlt: "Coding Club का लोगो",
  },
] as const;

describe.each(languages)("/clubs in $locale", ({ locale, path, catalogue, linkPrefix, otherLanguage, codingAlt }) => {
  const other = languages.find((language) => language.locale !== locale)!;

  it("the loader gives the page's alt texts and links in its language; the clubs' names stay as they are", () => {
    const { clubs } = clubsLoader(routeArgs(request(path)));
    expect(clubs[1]).toMatchObject({ name: "Coding Club", link: `${linkPrefix}/club/coding` });
    expect(clubs[1]!.logo.alt).toBe(codingAlt);
    for (const club of clubs) expect(club.link).toMatch(new RegExp(`^${linkPrefix}/club/`));
  });

  it("is a document in its language naming both twins, with the language link going to the other", async () => {
    const { response, html } = await get(path);
    expect(response.status).toBe(200);
    expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
    expect(alternates(html)).toEqual([
      ["en", "/clubs"],
      ["hi", "/hi/clubs"],
      ["x-default", "/clubs"],
    ]);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
    expect(html).toContain(`<title>${escaped(catalogue.pages.clubs.title)} | Student Council</title>`);
    // In the header and in the footer.
    const languageLink = new RegExp(
      `href="/language\\?to=${encodeURIComponent(otherLanguage.path)}"[^>]*${otherLanguage.lang}[^>]*>${otherLanguage.name}</a>`,
      "g",
    );
    expect(html.match(languageLink)).toHaveLength(2);
    expect(html).toContain(escaped(catalogue.shell.skipLink));
  });

  it("shows its texts in its language, none of the other's, and its links stay in its language", async () => {
    const { html } = await get(path);
    const content = main(html);
    expect(content).toContain(escaped(catalogue.pages.clubs.heading));
    expect(content).toContain(escaped(catalogue.pages.clubs.intro));
    // The cards' logos are decoration (alt=""): the caption under each names the club.
    for (const text of [other.catalogue.pages.clubs.heading, other.catalogue.pages.clubs.intro, other.codingAlt]) {
      expect(content).not.toContain(escaped(text));
    }
    if (locale === "en") expect(content).not.toMatch(devanagari);
    expect(content).toContain(`href="${linkPrefix}/club/coding"`);
    expect(content).not.toContain(`href="${other.linkPrefix}/club/coding"`);
    // The shell's links too: the navigation, the account link, the footer's.
    for (const page of ["/mentors", "/login", "/privacy", "/developers"]) {
      expect(html).toContain(`href="${linkPrefix}${page}"`);
      expect(html).not.toContain(`href="${other.linkPrefix}${page}"`);
    }
    expect(html).toContain(`href="${linkPrefix || "/"}"`);
    expect(html).toContain(`>${escaped(catalogue.nav.mentors)}<`);
  });
});

describe("the language cookie only offers", () => {
  it("shows the offer on a page in the other language, never redirecting, and keeps it out of shared caches", async () => {
    const offered = await get("/clubs", "lang=hi");
    expect(offered.response.status).toBe(200);
    expect(offered.html).toMatch(/<html lang="en"/);
    expect(offered.html).toMatch(/<p lang="hi" data-language-offer="[^"]*"[^>]*>यह पेज हिन्दी में भी है/);
    expect(offered.html).toContain('href="/hi/clubs" hrefLang="hi"');
    expect(offered.response.headers.get("Cache-Control")).toMatch(/private/);

    const back = await get("/hi/clubs", "lang=en");
    expect(back.html).toContain("This page is also in English");

    for (const [path, cookie] of [
      ["/clubs", undefined],
      ["/clubs", "lang=en"],
      ["/hi/clubs", "lang=hi"],
    ] as const) {
      expect((await get(path, cookie)).html).not.toContain("data-language-offer");
    }
  });

  it("is set by the language link, which then opens the twin", async () => {
    const response = await fetch(new URL("/language?to=%2Fhi%2Fclubs", server.url), { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/hi/clubs");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=hi;/);
  });
});
