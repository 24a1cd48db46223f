import { afterEach, describe, expect, it, vi } from "vitest";
import { readableIndianTime } from "~/time/india-time";
import { pageTextsIn } from "~/seo/page-text";
import { metaOfPage } from "../support/page-meta";
import { meta as homeMeta } from "~/routes/home";
import Sih, { loader as sihLoader } from "~/routes/sih";
import Tarang from "~/routes/tarang";
import TarangCategoryPage from "~/routes/tarang-category";
import { loader as tarangLoader } from "~/routes/tarang";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/tarang-category";
import { events } from "~/content/content.server";
import { get, renderRoute, routeArgs, thrownBy } from "../support/routes";

const sihMeta = metaOfPage("/sih");
const tarangMeta = metaOfPage("/tarang");
const categoryArgs = (path: string) => routeArgs(get(path));

const site = {
  name: "Student Council",
  tagline: "Empowering students, building leaders.",
  url: "https://studentcouncil.example.org",
  shareImage: { src: "/images/share-card.png", alt: "Share card", width: 1200, height: 630 },
};

/** A page's meta tags, from its meta function as the router calls it. */
function metaOf(meta: (args: never) => unknown, pathname: string, loaderData?: unknown) {
  return meta({
    matches: [{ loaderData: { site, pages: pageTextsIn("en") } }],
    loaderData,
    location: { pathname },
  } as never) as Record<string, string>[];
}

/** A page's <title>, from its meta function as the router calls it. */
function titleOf(meta: (args: never) => unknown, pathname: string, loaderData?: unknown): unknown {
  const tags = meta({
    matches: [{ loaderData: { site, pages: pageTextsIn("en") } }],
    loaderData,
    location: { pathname },
  } as never) as {
    title?: string;
  }[];
  return tags.find((tag) => "title" in tag)?.title;
}

describe("hackathon page", () => {
  const { organiser, hackathon } = sihLoader(routeArgs(get("/sih")));

  it("is organised by the council and lists four student coordinators with their phones", () => {
    expect(organiser).toBe("Student Council");
    expect(hackathon.title).toBe("SIH 2025 Internal Hackathon");
    expect(hackathon.coordinators).toHaveLength(4);
    for (const coordinator of hackathon.coordinators) expect(coordinator.phone).toMatch(/^\+91 ?\d{5} ?\d{5}$/);
  });

  it("links the problem statements, the presentation format and the official SIH site", () => {
    expect(hackathon.problemStatementsUrl).toMatch(/^https:\/\//);
    expect(hackathon.officialSiteUrl).toMatch(/^https:\/\//);
    expect(hackathon.pptTemplate.href).toMatch(/^\/files\//);
  });

  it("does not send the home page's popup text", () => {
    expect(hackathon).not.toHaveProperty("popup");
  });
});

describe("Tarang page", () => {
  const tarang = tarangLoader(routeArgs(get("/tarang")));

  it("is titled 'Tarang – The Waves of Talent'", () => {
    expect(tarang.title).toBe("Tarang – The Waves of Talent");
  });

  it("has a card for each of the five categories, ramp walk traditional only and the mystery game as fun games", () => {
    expect(tarang.categories.map((category) => category.slug)).toEqual([
      "rampWalk",
      "danceDetails",
      "openMic",
      "musicEvent",
      "mysteryGame",
    ]);
    expect(tarang.categories[0]?.note).toBe("Traditional only");
    expect(tarang.categories[4]?.note).toBe("Fun Games");
  });

  it("lists the entry notes and two student coordinators", () => {
    expect(tarang.notes.join(" ")).toMatch(/first come, first served/);
    expect(tarang.coordinators).toHaveLength(2);
  });
});

describe("Tarang category pages", () => {
  const categories: [path: string, title: string][] = [
    ["/rampWalk", "Ramp Walk"],
    ["/danceDetails", "Dance"],
    ["/openMic", "Open Mic"],
    ["/musicEvent", "Music"],
    ["/mysteryGame", "Mystery Game"],
  ];

  it.each(categories)("%s shows the %s category with its rules", (path, title) => {
    const { category } = categoryLoader(categoryArgs(path));
    expect(category.title).toBe(title);
    expect(category.slug).toBe(path.slice(1));
    expect(category.rules.length).toBeGreaterThan(0);
  });

  it("opens a category whatever the case of its path, as the router matches it", () => {
    expect(categoryLoader(categoryArgs("/rampwalk")).category.title).toBe("Ramp Walk");
  });

  it("answers 404 for a path that is no Tarang category", () => {
    expect(thrownBy(() => categoryLoader(categoryArgs("/karaoke")))).toMatchObject({ init: { status: 404 } });
  });
});

describe("canonical links", () => {
  const canonicalOf = (meta: (args: never) => unknown, pathname: string, loaderData?: unknown) =>
    metaOf(meta, pathname, loaderData).find((tag) => tag.rel === "canonical")?.href;

  it.each(["/rampWalk", "/rampWalk/", "/rampwalk", "/RAMPWALK//"])(
    "a category asked for as %s names its one path, as the sitemap does",
    (path) => {
      const tags = metaOf(categoryMeta, path, categoryLoader(categoryArgs(path)));
      expect(tags.find((tag) => tag.rel === "canonical")?.href).toBe(`${site.url}/rampWalk`);
      expect(tags.find((tag) => tag.property === "og:url")?.content).toBe(`${site.url}/rampWalk`);
    },
  );

  it("is the same form on every event page: no trailing slash", () => {
    expect(canonicalOf(sihMeta, "/sih/")).toBe(`${site.url}/sih`);
    expect(canonicalOf(tarangMeta, "/tarang/")).toBe(`${site.url}/tarang`);
    for (const { slug } of events.tarang.categories) {
      expect(canonicalOf(categoryMeta, `/${slug}/`, categoryLoader(categoryArgs(`/${slug}/`)))).toBe(
        `${site.url}/${slug}`,
      );
    }
    expect(canonicalOf(homeMeta, "/")).toBe(`${site.url}/`);
  });
});

describe("page titles", () => {
  it("gives the home, hackathon, Tarang and each category page a title of its own", () => {
    const titles = [
      titleOf(homeMeta, "/"),
      titleOf(sihMeta, "/sih"),
      titleOf(tarangMeta, "/tarang"),
      titleOf(categoryMeta, "/rampWalk", categoryLoader(categoryArgs("/rampWalk"))),
      titleOf(categoryMeta, "/openMic", categoryLoader(categoryArgs("/openMic"))),
    ];
    expect(titles).toEqual([
      "Student Council",
      "SIH 2025 Internal Hackathon | Student Council",
      "Tarang – The Waves of Talent | Student Council",
      "Ramp Walk – Tarang | Student Council",
      "Open Mic – Tarang | Student Council",
    ]);
  });
});

/** A page rendered on the server at a moment of our choosing, as a visitor without JavaScript gets it. */
function renderAt(
  moment: number,
  path: string,
  Component: unknown,
  loader: (args: ReturnType<typeof routeArgs>) => unknown,
): string {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(moment);
  return renderRoute({ path, Component, loaderData: loader(routeArgs(get(path))) });
}

// The windows of the tests' content (tests/support/test-content.ts: open from a year before the run until a year
// after it, each closing a day after the one before), read as the pages read them; the exact wording of each state
// is checked against fixed dates in tests/registration-window.test.ts.
type Window = { opens: string; closes: string };
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const hackathonWindow = events.hackathon.registration;
const categoryWindow = (slug: string): Window => events.tarang.categories.find((c) => c.slug === slug)!.registration;
const opens = (window: Window) => Date.parse(window.opens);
const closes = (window: Window) => Date.parse(window.closes);
const openUntil = (window: Window) => `Registration open until ${readableIndianTime(window.closes)}`;
const opensOn = (window: Window) => `Opens on ${readableIndianTime(window.opens)}`;

describe("registration dates that tell the truth, in India's time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("/sih while open: 'Registration open until …' and Start Registration", () => {
    const html = renderAt(opens(hackathonWindow) + dayMs, "/sih", Sih, sihLoader);
    expect(html).toContain(openUntil(hackathonWindow));
    expect(html).toContain('href="/sih/registration"');
    expect(html).not.toContain("Coming soon");
  });

  it("/sih before it opens: 'Opens on …' and no link to the form", () => {
    const html = renderAt(opens(hackathonWindow) - minuteMs, "/sih", Sih, sihLoader);
    expect(html).toContain(opensOn(hackathonWindow));
    expect(html).not.toContain('href="/sih/registration"');
  });

  it("/sih from the minute it closes: 'Registration closed' and no link to the form", () => {
    expect(renderAt(closes(hackathonWindow) - 1000, "/sih", Sih, sihLoader)).toContain("Registration open until");
    const html = renderAt(closes(hackathonWindow), "/sih", Sih, sihLoader);
    expect(html).toContain("Registration closed");
    expect(html).not.toContain("Registration open until");
    expect(html).not.toContain('href="/sih/registration"');
  });

  it("/tarang shows the fest's state and each category's, and no link back to /tarang", () => {
    const slugs = events.tarang.categories.map((category) => category.slug);
    const html = renderAt(opens(categoryWindow("rampWalk")) + dayMs, "/tarang", Tarang, tarangLoader);
    for (const slug of slugs) expect(html).toContain(openUntil(categoryWindow(slug)));
    expect(html).not.toContain('href="/tarang"');
    expect(html).not.toContain("REGISTER close");
    expect(html).not.toContain("01-09-2025");
    // Once the first category has closed, its card says so while the others stay open.
    const later = renderAt(closes(categoryWindow("rampWalk")), "/tarang", Tarang, tarangLoader);
    expect(later).toContain("Registration closed");
    expect(later).not.toContain(openUntil(categoryWindow("rampWalk")));
    expect(later).toContain(openUntil(categoryWindow("mysteryGame")));
  });

  it("/tarang before any category opens says when the first opens; after all close, 'Registration closed'", () => {
    const first = categoryWindow("rampWalk");
    expect(renderAt(opens(first) - minuteMs, "/tarang", Tarang, tarangLoader)).toContain(opensOn(first));
    const lastClose = Math.max(...events.tarang.categories.map((category) => closes(category.registration)));
    const closed = renderAt(lastClose, "/tarang", Tarang, tarangLoader);
    expect(closed).toContain("Registration closed");
    expect(closed).not.toContain("Registration open until");
    expect(closed).not.toContain("Opens on");
  });

  it("a category page says how to register while open: with a student coordinator, whose phones it lists", () => {
    const moment = opens(categoryWindow("openMic")) + dayMs;
    const html = renderAt(moment, "/openMic", TarangCategoryPage, () => categoryLoader(categoryArgs("/openMic")));
    expect(html).toContain('href="#register"');
    expect(html).toContain('id="register"');
    expect(html).toContain("How to register");
    expect(html).toContain("Register for Open Mic with a student coordinator: call one of them.");
    expect(events.tarang.coordinators).toHaveLength(2);
    for (const { name, phone } of events.tarang.coordinators) {
      expect(html).toContain(name);
      expect(html).toContain(`href="tel:${phone.replace(/\s+/g, "")}"`);
    }
    for (const note of events.tarang.notes) expect(html).toContain(note.en);
  });

  it("a category page before it opens, and once closed, says so instead of inviting to register", () => {
    const window = categoryWindow("musicEvent");
    const render = (moment: number) =>
      renderAt(moment, "/musicEvent", TarangCategoryPage, () => categoryLoader(categoryArgs("/musicEvent")));
    const before = render(opens(window) - minuteMs);
    expect(before).toContain(`Registration for Music has not opened yet (${opensOn(window)}).`);
    expect(before).not.toContain("Register for Music");
    const after = render(closes(window));
    expect(after).toContain("Registration for Music is closed. For questions, call a student coordinator.");
    expect(after).not.toContain("Register for Music");
    // The coordinators stay listed, for questions.
    expect(after).toContain(`href="tel:${events.tarang.coordinators[0]!.phone.replace(/\s+/g, "")}"`);
  });

  it("a category page shows its own window", () => {
    const moment = closes(categoryWindow("rampWalk"));
    const html = renderAt(moment, "/openMic", TarangCategoryPage, () => categoryLoader(categoryArgs("/openMic")));
    expect(html).toContain(openUntil(categoryWindow("openMic")));
    const rampWalk = renderAt(moment, "/rampWalk", TarangCategoryPage, () => categoryLoader(categoryArgs("/rampWalk")));
    expect(rampWalk).toContain("Registration closed");
  });
});
