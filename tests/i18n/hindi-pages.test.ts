import { describe, expect, it } from "vitest";
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
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
    lang,
    new URL(href!).pathname,
  ]);

describe("the clubs loader", () => {
  it("gives a Hindi page Hindi alt texts and Hindi links; the clubs' names stay as they are", () => {
    const { clubs } = clubsLoader(routeArgs(request("/hi/clubs")));
    expect(clubs[1]).toMatchObject({ name: "Coding Club", link: "/hi/club/coding" });
    expect(clubs[1]!.logo.alt).toBe("Coding Club का लोगो");
    for (const club of clubs) expect(club.link).toMatch(/^\/hi\/club\//);
  });

  it("gives the English page what it gave before", () => {
    const { clubs } = clubsLoader(routeArgs(request("/clubs")));
    expect(clubs[1]).toMatchObject({ name: "Coding Club", link: "/club/coding" });
    expect(clubs[1]!.logo.alt).toBe("Coding Club logo");
  });
});

describe("/hi/clubs", () => {
  it("is a Hindi document naming its English twin, with the language link going there", async () => {
    const { response, html } = await get("/hi/clubs");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="hi"/);
    expect(alternates(html)).toEqual([
      ["en", "/clubs"],
      ["hi", "/hi/clubs"],
      ["x-default", "/clubs"],
    ]);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/hi\/clubs"/);
    expect(html).toContain("<title>क्लब | Student Council</title>");
    // In the header and in the footer.
    expect(html.match(/href="\/language\?to=%2Fclubs"[^>]*>English<\/a>/g)).toHaveLength(2);
    expect(html).toContain("मुख्य सामग्री पर जाएँ");
  });

  it("shows its texts in Hindi, no English where the Hindi exists, and links stay in Hindi", async () => {
    const { html } = await get("/hi/clubs");
    const content = main(html);
    expect(content).toContain("हमारे क्लब और सोसाइटी");
    // The cards' logos are decoration (alt=""): the caption under each names the club.
    for (const english of ["Our Clubs &amp; Societies", "Find your people", "Coding Club logo"]) {
      expect(content).not.toContain(english);
    }
    expect(content).toContain('href="/hi/club/coding"');
    expect(content).not.toMatch(/href="\/club\//);
    // The shell's links too: the navigation, the account link, the footer's.
    for (const path of ["/hi", "/hi/mentors", "/hi/login", "/hi/privacy", "/hi/developers"]) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(html).not.toMatch(/href="\/(mentors|login|privacy|developers)"/);
    expect(html).toContain(">मेंटर<");
  });

  it("ships no framework, like the English page", async () => {
    const { html } = await get("/hi/clubs");
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain("modulepreload");
  });
});

describe("/clubs in English", () => {
  it("keeps its English texts, with no Hindi in its content, and names its Hindi twin", async () => {
    const { html } = await get("/clubs");
    expect(html).toMatch(/<html lang="en"/);
    const content = main(html);
    expect(content).toContain("Our Clubs &amp; Societies");
    expect(content).toContain("Find your people: technical, cultural and social clubs run by students, for students.");
    expect(content).toContain('href="/club/coding"');
    expect(content).not.toMatch(devanagari);
    expect(html).toContain("<title>Clubs | Student Council</title>");
    expect(html).toContain("Skip to content");
    expect(alternates(html)).toEqual([
      ["en", "/clubs"],
      ["hi", "/hi/clubs"],
      ["x-default", "/clubs"],
    ]);
    expect(html.match(/href="\/language\?to=%2Fhi%2Fclubs"[^>]*lang="hi"[^>]*>हिन्दी<\/a>/g)).toHaveLength(2);
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
