import { createElement, type ReactElement } from "react";
import { deliveryAt } from "~/delivery/route-deliveries.server";
import { renderToString } from "react-dom/server";
import { MemoryRouter, UNSAFE_ErrorResponseImpl, type UNSAFE_DataWithResponseInit } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Footer } from "~/components/shell/footer";
import { createHash } from "node:crypto";
import { runInNewContext } from "node:vm";
import { readFileSync } from "node:fs";
import { inlineScripts } from "~/delivery/inline-scripts";
import { loadingScreenTimings } from "~/behaviours/loading-screen";
import { pageStylesheet, withoutJavaScriptStyles } from "~/components/shell/page-styles";
import { Navbar } from "~/components/shell/navbar";
import { loader as rootLoader, meta as rootMeta } from "~/root";
import Health from "~/routes/healthz";
import { pageHeaders } from "~/delivery/headers.server";
import { loader as notFoundLoader } from "~/routes/not-found";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { clubs, publicSite, site } from "~/content/content.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import { cookieOf, get, routeArgs } from "./support/routes";

const loaderArgs = (path: string, headers?: Record<string, string>) => routeArgs(get(path, { headers }));

/** Renders a shell component as the server would, at the given address (without React's text separators). */
function renderAt(path: string, element: ReactElement): string {
  const html = renderToString(createElement(MemoryRouter, { initialEntries: [path] }, element));
  return html.replaceAll("<!-- -->", "");
}

describe("machine routes", () => {
  it("healthz is a page rendered through React (so a server that cannot render is unhealthy), never cached", () => {
    expect(pageHeaders(deliveryAt("/healthz")!, { nonce: undefined, production: false })["Cache-Control"]).toBe(
      "private, no-store",
    );
    expect(renderToString(createElement(Health))).toBe('<p class="px-4 py-8 text-center">ok</p>');
  });

  it("robots.txt allows every crawler and names the sitemap", async () => {
    const response = robotsLoader();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    expect(text).toContain(`Sitemap: ${new URL("/sitemap.xml", site.url).href}`);
  });

  it("sitemap.xml lists every public page and all 19 clubs with absolute URLs", async () => {
    const response = sitemapLoader();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const origin = new URL(site.url).origin;
    for (const location of locations) expect(location?.startsWith(`${origin}/`)).toBe(true);

    const paths = locations.map((location) => new URL(location!).pathname);
    expect(paths.filter((path) => path.startsWith("/club/"))).toHaveLength(19);
    for (const slug of ["alumni", "coding", "e.v.", "Environment", "wings"]) expect(paths).toContain(`/club/${slug}`);
    for (const page of ["/", "/clubs", "/mentors", "/team", "/developers", "/gallery", "/sih", "/tarang"]) {
      expect(paths).toContain(page);
    }
    for (const category of ["/rampWalk", "/danceDetails", "/openMic", "/musicEvent", "/mysteryGame"]) {
      expect(paths).toContain(category);
    }
    expect(clubs).toHaveLength(19);
  });

  it("under a SITE_URL other than the content's, the sitemap, robots.txt and canonical links all use SITE_URL", async () => {
    vi.resetModules();
    vi.stubEnv("SITE_URL", "https://council.example.test");
    try {
      const [robots, sitemap, content] = await Promise.all([
        import("~/routes/robots"),
        import("~/routes/sitemap"),
        import("~/content/content.server"),
      ]);
      expect(await robots.loader().text()).toContain("Sitemap: https://council.example.test/sitemap.xml");
      const xml = await sitemap.loader().text();
      const urls = [...xml.matchAll(/(?:<loc>|href=")(https?:\/\/[^/<"]+)/g)].map((match) => match[1]);
      expect(urls.length).toBeGreaterThan(60);
      expect(new Set(urls)).toEqual(new Set(["https://council.example.test"]));
      // Every page's canonical and language links are made from the shell's site address.
      expect(content.publicSiteIn("hi").url).toBe("https://council.example.test");
      expect(new URL(site.url).origin).not.toBe("https://council.example.test");
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("any unknown path answers HTTP 404, with the screen's title in the path's language", () => {
    const thrownAt = (path: string) => {
      try {
        notFoundLoader({ ...loaderArgs(path), params: { "*": path.slice(1) } });
      } catch (error) {
        return error as UNSAFE_DataWithResponseInit<{ title: string }>;
      }
      throw new Error("the loader did not throw");
    };
    expect(thrownAt("/no-such-page").init?.status).toBe(404);
    expect(thrownAt("/no-such-page").data).toEqual({ title: "Not Found" });
    expect(thrownAt("/hi/no-such-page").data).toEqual({ title: "पेज नहीं मिला" });
  });
});

describe("root loader", () => {
  it("titles the error screens in the page's language, from the catalogue", async () => {
    const titleOf = async (path: string, error: unknown) => {
      const { data: loaderData } = await rootLoader(loaderArgs(path));
      const tags = rootMeta({ loaderData, error, location: { pathname: path } } as never) as { title?: string }[];
      return tags.find((tag) => tag.title)?.title;
    };
    const missing = new UNSAFE_ErrorResponseImpl(404, "Not Found", null);
    expect(await titleOf("/hi/club/nope", missing)).toBe(`पेज नहीं मिला | ${site.name}`);
    expect(await titleOf("/club/nope", missing)).toBe(`Not Found | ${site.name}`);
    expect(await titleOf("/hi", new Error("boom"))).toBe(`माफ़ कीजिए, कुछ गड़बड़ हो गई | ${site.name}`);
  });

  it("gives the site's public identity and no toast on an ordinary visit", async () => {
    const result = await rootLoader(loaderArgs("/"));
    expect(result.data.site.name).toBe(site.name);
    expect(result.data.site.socialLinks).toHaveLength(6);
    expect(result.data.toast).toBeUndefined();
    expect(result.data.account, "a visitor without cookies is signed out").toBeNull();
    // No toast, no cookie: ordinary pages stay free of Set-Cookie.
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toBeNull();
  });

  it("shows a flash toast once, on the page a redirect sent the visitor to", async () => {
    const redirect = await redirectWithSuccess("/", "Form submitted successfully!");
    const result = await rootLoader(loaderArgs("/", { Cookie: cookieOf(redirect, "toast") }));
    expect(result.data.toast).toMatchObject({ message: "Form submitted successfully!", type: "success" });

    const clearedCookie = new Headers(result.init?.headers).get("Set-Cookie")!.split(";")[0]!;
    const next = await rootLoader(loaderArgs("/", { Cookie: clearedCookie }));
    expect(next.data.toast).toBeUndefined();
  });
});

describe("site shell", () => {
  it("the navigation bar links Home, Clubs, Mentors, Team and Gallery and marks only the current page", () => {
    const html = renderAt("/clubs", createElement(Navbar, { site: publicSite, account: null }));
    const mainNav = html.slice(html.indexOf('aria-label="Main"'));
    // Once: the menu panel's list is the bar's inline list from 768 px on.
    const labels = [...mainNav.matchAll(/<a[^>]*href="(\/[^"]*)"[^>]*>([A-Za-z]+)<\/a>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(labels).toEqual([
      ["/", "Home"],
      ["/clubs", "Clubs"],
      ["/mentors", "Mentors"],
      ["/team", "Team"],
      ["/gallery", "Gallery"],
    ]);
    expect(mainNav.match(/aria-current="page"/g)).toHaveLength(1);
    expect(mainNav).toMatch(/aria-current="page"[^>]*href="\/clubs"|href="\/clubs"[^>]*aria-current="page"/);
    // The menu button is a link to the panel, so it opens without JavaScript; named in its text, which text browsers
    // show too.
    const menuButton = /<a[^>]*href="#site-menu".*?<\/a>/.exec(html)?.[0] ?? "";
    expect(menuButton).toContain('role="button"');
    expect(menuButton.replace(/<[^>]+>/g, "")).toBe("Open menu");
    // So is the panel's close button, a link back to #site-header; the backdrop, another such link, is decoration
    // without words, so a text browser reads "Close menu" once.
    const closeLinks = html.match(/<a[^>]*href="#site-header".*?<\/a>/g) ?? [];
    expect(closeLinks.map((link) => link.replace(/<[^>]+>/g, ""))).toEqual(["", "Close menu"]);
    expect(closeLinks[0]).toMatch(/aria-hidden="true"/);
  });

  it("on a club's page the Clubs link is marked current", () => {
    const html = renderAt("/club/coding", createElement(Navbar, { site: publicSite, account: null }));
    const current = [...html.matchAll(/<a[^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(current).toEqual(["Clubs"]);
  });

  /** The words of the bar's account link and of the menu panel's copy, whose words the stylesheet draws. */
  const accountLinkWords = (html: string) => {
    // The panel comes first in the page: the bar's link follows the list.
    const [panel, bar, ...more] = html.match(/<a[^>]*data-account-link[^>]*>.*?<\/a>/g) ?? [];
    expect(more).toEqual([]);
    const drawn = [...(panel ?? "").matchAll(/data-drawn-text="([^"]*)"/g)].map((match) => match[1]).join("");
    // Its name for assistive technology, which text browsers do not read.
    const label = /aria-label="([^"]*)"/.exec(panel ?? "")?.[1];
    return { bar: bar ?? "", panel: panel ?? "", barText: (bar ?? "").replace(/<[^>]+>/g, ""), drawn, label };
  };

  it("the account link says 'Log in' to a signed-out visitor, on the bar and in the menu panel, written once", () => {
    const html = renderAt("/", createElement(Navbar, { site: publicSite, account: null }));
    const { bar, panel, barText, drawn } = accountLinkWords(html);
    for (const link of [bar, panel]) expect(link).toContain('href="/login"');
    expect(barText).toBe("Log in");
    // A text browser, which applies no styles, meets it once: the panel's copy has no words of its own in the HTML.
    expect(panel.replace(/<[^>]+>/g, "")).toBe("");
    expect(drawn).toBe("Log in");
    expect(accountLinkWords(html).label).toBe("Log in");
  });

  it("the account link shows a signed-in visitor's first name and leads to the profile", () => {
    const html = renderAt("/", createElement(Navbar, { site: publicSite, account: { firstName: "Priya" } }));
    const { bar, panel, barText, drawn } = accountLinkWords(html);
    for (const link of [bar, panel]) expect(link).toContain('href="/userProfile"');
    expect(barText).toBe("Priya (your profile)");
    // The eye sees the name; the label says where it leads.
    expect(drawn).toBe("Priya");
    expect(accountLinkWords(html).label).toBe("Priya (your profile)");
    const withoutName = renderAt("/", createElement(Navbar, { site: publicSite, account: { firstName: null } }));
    expect(accountLinkWords(withoutName)).toMatchObject({
      barText: "My profile",
      drawn: "My profile",
      label: "My profile",
    });
  });

  it("the footer's six social links open in a new tab, each named in its text, and the rights line carries the year", () => {
    const html = renderAt("/", createElement(Footer, { site: publicSite }));
    const socialLinks = html.match(/<a[^>]*target="_blank"[^>]*>.*?<\/a>/g) ?? [];
    expect(socialLinks).toHaveLength(6);
    for (const link of socialLinks) {
      expect(link).toContain('rel="noopener noreferrer"');
      // Text, which text browsers show too (they read no aria-label), hidden from the eye beside the icon.
      expect(link).not.toContain("aria-label");
      expect(link.replace(/<[^>]+>/g, "")).toMatch(new RegExp(`^${site.name} on \\w`));
    }
    for (const [href, label] of [
      ["/team", "Members"],
      ["/sih", "SIH 2025"],
      ["/tarang", "Tarang"],
      ["/developers", "Developer Team"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>(<svg.*?</svg>)?${label}<`));
    }
    expect(html).toContain(`href="mailto:${site.email}"`);
    expect(html).toContain(`© ${new Date().getFullYear()} ${site.name}. All rights reserved.`);
  });

  it("the loading screen keeps the specified timings, and its stylesheet fades it by them", () => {
    expect(loadingScreenTimings).toMatchObject({
      welcomeDelayMs: 300,
      fadeOutMs: 500,
      overlayCapMs: 3000,
    });
    const { welcomeDelayMs, fadeOutMs } = loadingScreenTimings;
    expect(readFileSync("app/app.css", "utf8")).toContain(
      `animation: loading-screen-fade ${fadeOutMs}ms ease-in ${welcomeDelayMs}ms forwards;`,
    );
  });

  it("the <head> script shows the loading screen on a browser session's first page view only, reading the cookies once", () => {
    /** Runs the script against the parts of a page it touches, and tells what it read, wrote and marked. */
    const run = ({ cookie = "", protocol = "http:", reducedMotion = false } = {}) => {
      const seen = {
        cookieReads: 0,
        cookieWrites: [] as string[],
        attributes: new Map<string, string>(),
        timers: [] as { callback: () => void; ms: number }[],
      };
      const document = {
        get cookie() {
          seen.cookieReads++;
          return cookie;
        },
        set cookie(value: string) {
          seen.cookieWrites.push(value);
        },
        documentElement: {
          setAttribute: (name: string, value: string) => seen.attributes.set(name, value),
          getAttribute: (name: string) => seen.attributes.get(name) ?? null,
        },
      };
      runInNewContext(inlineScripts.head, {
        document,
        location: { protocol },
        matchMedia: (query: string) => ({ matches: reducedMotion && query === "(prefers-reduced-motion: reduce)" }),
        setTimeout: (callback: () => void, ms: number) => seen.timers.push({ callback, ms }),
        requestAnimationFrame: () => {
          throw new Error("the screen is complete from the first frame: nothing waits for a frame");
        },
      });
      return seen;
    };

    const first = run();
    expect(first.attributes.get("data-loading-screen")).toBe("shown");
    expect(first.cookieWrites).toEqual(["loading-screen=seen; path=/; SameSite=Lax"]);
    expect(first.cookieReads).toBe(1);
    // One timer: "over" once "Welcome!" and the fade are done.
    const { welcomeDelayMs, fadeOutMs } = loadingScreenTimings;
    expect(first.timers.map(({ ms }) => ms)).toEqual([welcomeDelayMs + fadeOutMs]);
    first.timers[0]?.callback();
    expect(first.attributes.get("data-loading-screen")).toBe("over");
    expect(run({ protocol: "https:" }).cookieWrites).toEqual(["loading-screen=seen; path=/; SameSite=Lax; Secure"]);

    const later = run({ cookie: "a=b; loading-screen=seen; hackathon-popup=dismissed" });
    expect(later.attributes.has("data-loading-screen"), "a later page view shows no screen").toBe(false);
    expect(later.attributes.has("data-popup-dismissed"), "the popup's mark comes from the same read").toBe(true);
    expect(later).toMatchObject({ cookieReads: 1, cookieWrites: [], timers: [] });
    expect(run({ cookie: "xloading-screen=seen" }).attributes.get("data-loading-screen")).toBe("shown");

    const reduced = run({ reducedMotion: true });
    expect(reduced.attributes.has("data-loading-screen"), "never for reduced motion").toBe(false);
    expect(reduced.cookieWrites).toHaveLength(1);
  });
});

describe("security headers", () => {
  it("production pages carry a Content-Security-Policy (with a nonce where the framework is shipped) and HSTS", () => {
    expect(pageHeaders("public", { nonce: undefined, production: true })["Content-Security-Policy"]).not.toContain(
      "nonce-",
    );
    const headers = pageHeaders("form", { nonce: "abc123", production: true });
    const policy = headers["Content-Security-Policy"];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
  });

  it("inline styles and the <head> script apply only by their hashes: no 'unsafe-inline'", () => {
    const policy = pageHeaders("form", { nonce: "abc123", production: true })["Content-Security-Policy"] ?? "";
    const directive = (name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
    const hash = (content: string) => `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
    expect(policy).not.toContain("unsafe-inline");
    expect(directive("style-src").split(" ")).toEqual(
      expect.arrayContaining([hash(pageStylesheet), hash(withoutJavaScriptStyles)]),
    );
    expect(directive("script-src").split(" ")).toEqual(
      expect.arrayContaining([hash(inlineScripts.head), hash(inlineScripts.starter)]),
    );
    const withoutFramework = pageHeaders("public", { nonce: undefined, production: true })["Content-Security-Policy"];
    expect(
      withoutFramework
        ?.split("; ")
        .find((part) => part.startsWith("script-src "))
        ?.split(" "),
    ).toEqual(["script-src", "'self'", hash(inlineScripts.head), hash(inlineScripts.behaviours)]);
  });

  it("development leaves the policy off so Vite's live reload works", () => {
    const headers = pageHeaders("form", { nonce: "abc123", production: false });
    expect(headers["Content-Security-Policy"]).toBeUndefined();
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });
});
