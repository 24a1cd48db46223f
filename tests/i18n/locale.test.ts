import { describe, expect, it } from "vitest";
import { chosenLocale, englishPath, localeOf, localizedPath, offeredLocale, twinPath } from "~/i18n/locale";
import { bilingualPages, hindiRouteId, isBilingualPath } from "~/pages-derived";
import routes from "~/routes";
import { loader as languageLoader } from "~/routes/language";
import { loader as sitemapLoader } from "~/routes/sitemap";

describe("the language of a page is its path's", () => {
  it("reads /hi and /hi/... as Hindi, however spelled, and nothing else", () => {
    for (const path of ["/hi", "/hi/", "/hi/clubs", "/HI/club/coding"]) expect(localeOf(path)).toBe("hi");
    for (const path of ["/", "/clubs", "/hindi", "/history", "/hi-tech"]) expect(localeOf(path)).toBe("en");
  });

  it("turns English paths into Hindi ones (query and fragment kept) and back", () => {
    expect(localizedPath("hi", "/")).toBe("/hi");
    expect(localizedPath("hi", "/clubs")).toBe("/hi/clubs");
    expect(localizedPath("hi", "/?tab=1")).toBe("/hi?tab=1");
    expect(localizedPath("hi", "/#top")).toBe("/hi#top");
    expect(localizedPath("hi", "/sih/team-member?token=abc")).toBe("/hi/sih/team-member?token=abc");
    expect(localizedPath("hi", "/hi/clubs")).toBe("/hi/clubs");
    expect(localizedPath("en", "/clubs")).toBe("/clubs");
    // Not a path of this site: left alone.
    expect(localizedPath("hi", "https://example.org/x")).toBe("https://example.org/x");
    expect(localizedPath("hi", "//evil.example/x")).toBe("//evil.example/x");
    expect(englishPath("/hi")).toBe("/");
    expect(englishPath("/hi/club/coding")).toBe("/club/coding");
    expect(englishPath("/clubs")).toBe("/clubs");
  });

  it("names each page's twin in the other language", () => {
    expect(twinPath("/clubs")).toEqual({ locale: "hi", path: "/hi/clubs" });
    expect(twinPath("/hi/clubs")).toEqual({ locale: "en", path: "/clubs" });
    expect(twinPath("/")).toEqual({ locale: "hi", path: "/hi" });
    expect(twinPath("/hi")).toEqual({ locale: "en", path: "/" });
  });

  it("offers the language the cookie remembers only on a page in the other one", () => {
    expect(chosenLocale("a=1; lang=hi; b=2")).toBe("hi");
    expect(chosenLocale("lang=fr")).toBeUndefined();
    expect(chosenLocale(null)).toBeUndefined();
    expect(offeredLocale("/clubs", "lang=hi")).toBe("hi");
    expect(offeredLocale("/hi/clubs", "lang=hi")).toBeUndefined();
    expect(offeredLocale("/hi/clubs", "lang=en")).toBe("en");
    expect(offeredLocale("/clubs", undefined)).toBeUndefined();
  });
});

describe("the route table", () => {
  const table = routes as { path?: string; index?: boolean; id?: string; file: string }[];

  it("has a Hindi twin of every bilingual page: the same module under /hi, with an id of its own", () => {
    for (const page of bilingualPages) {
      const twin = table.find((entry) => entry.id === hindiRouteId(page));
      expect(twin?.file).toBe(page.module);
      expect(twin?.path).toBe(page.path === "" ? "hi" : `hi/${page.path}`);
    }
    const ids = table.map((entry) => entry.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    // The English page stays where the specification puts it.
    expect(table.some((entry) => entry.index && entry.file === "routes/home.tsx")).toBe(true);
    expect(table.some((entry) => entry.path === "clubs" && entry.file === "routes/clubs.tsx")).toBe(true);
  });

  it("keeps the council, files and machine resources English only", () => {
    for (const path of ["/council", "/council/accounts", "/sitemap.xml", "/healthz", "/userProfile/data"]) {
      expect(isBilingualPath(path)).toBe(false);
    }
    for (const path of ["/", "/clubs", "/club/coding", "/join", "/rampWalk", "/sih/team/add-member"]) {
      expect(isBilingualPath(path)).toBe(true);
    }
  });
});

describe("the language link's target", () => {
  it("remembers the language of the page it opens and sends the visitor there, query kept", () => {
    const response = languageLoader({
      request: new Request("http://localhost/language?to=%2Fhi%2Fsih%2Fteam-member%3Ftoken%3Dabc"),
    } as never);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/hi/sih/team-member?token=abc");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=hi; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const back = languageLoader({ request: new Request("http://localhost/language?to=%2Fclubs") } as never);
    expect(back.headers.get("Set-Cookie")).toMatch(/^lang=en;/);
  });

  it("never sends the visitor to another site", () => {
    for (const to of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const response = languageLoader({
        request: new Request(`http://localhost/language?to=${encodeURIComponent(to)}`),
      } as never);
      expect(response.headers.get("Location")).toBe("/");
    }
  });
});

describe("the sitemap", () => {
  it("lists every public page in both languages, each naming its twins", async () => {
    const xml = await sitemapLoader().text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locs).toContain("/clubs");
    expect(locs).toContain("/hi/clubs");
    expect(locs).toContain("/hi");
    expect(locs.filter((path) => path.startsWith("/hi")).length * 2).toBe(locs.length);
    expect(xml).toMatch(
      /<loc>[^<]*\/hi\/clubs<\/loc><xhtml:link rel="alternate" hreflang="en" href="[^"]*\/clubs"\/><xhtml:link rel="alternate" hreflang="hi" href="[^"]*\/hi\/clubs"\/><xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/clubs"\/>/,
    );
  });
});
