import { afterEach, describe, expect, it, vi } from "vitest";
import { pageTexts } from "~/lib/page-text";
import { meta as homeMeta } from "~/routes/home";
import Sih, { loader as sihLoader, meta as sihMeta } from "~/routes/sih";
import Tarang from "~/routes/tarang";
import TarangCategoryPage from "~/routes/tarang-category";
import { loader as tarangLoader, meta as tarangMeta } from "~/routes/tarang";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/tarang-category";
import { get, renderRoute, routeArgs, thrownBy } from "../support/routes";

const categoryArgs = (path: string) => routeArgs(get(path));

const site = {
  name: "Student Council",
  tagline: "Empowering students, building leaders.",
  url: "https://studentcouncil.example.org",
  shareImage: { src: "/images/share-card.png", alt: "Share card", width: 1200, height: 630 },
};

/** A page's <title>, from its meta function as the router calls it. */
function titleOf(meta: (args: never) => unknown, pathname: string, loaderData?: unknown): unknown {
  const tags = meta({
    matches: [{ loaderData: { site, pages: pageTexts } }],
    loaderData,
    location: { pathname },
  } as never) as {
    title?: string;
  }[];
  return tags.find((tag) => "title" in tag)?.title;
}

describe("hackathon page", () => {
  const { organiser, hackathon } = sihLoader();

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
  const tarang = tarangLoader();

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
function renderAt(moment: string, path: string, Component: unknown, loader: () => unknown): string {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(moment));
  return renderRoute({ path, Component, loaderData: loader() });
}

describe("registration dates that tell the truth, in India's time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("/sih while open: 'Registration open until 31 Mar 2027, 23:59 IST' and Start Registration", () => {
    const html = renderAt("2026-11-24T12:00:00Z", "/sih", Sih, sihLoader);
    expect(html).toContain("Registration open until 31 Mar 2027, 23:59 IST");
    expect(html).toContain('href="/sih/registration"');
    expect(html).not.toContain("Coming soon");
  });

  it("/sih before it opens: 'Opens on 1 Nov 2026, 10:00 IST' and no link to the form", () => {
    const html = renderAt("2026-10-20T12:00:00Z", "/sih", Sih, sihLoader);
    expect(html).toContain("Opens on 1 Nov 2026, 10:00 IST");
    expect(html).not.toContain('href="/sih/registration"');
  });

  it("/sih after it closes (31 Mar 2027, 23:59 IST is 18:29 UTC): 'Registration closed' and no link to the form", () => {
    expect(renderAt("2027-03-31T18:28:59Z", "/sih", Sih, sihLoader)).toContain("Registration open until");
    const html = renderAt("2027-03-31T18:29:00Z", "/sih", Sih, sihLoader);
    expect(html).toContain("Registration closed");
    expect(html).not.toContain("Registration open until");
    expect(html).not.toContain('href="/sih/registration"');
  });

  it("/tarang shows the fest's state and each category's, and no link back to /tarang", () => {
    const html = renderAt("2026-11-24T12:00:00Z", "/tarang", Tarang, tarangLoader);
    expect(html).toContain("Registration open until 7 Mar 2027, 23:59 IST");
    expect(html).toContain("Registration open until 28 Feb 2027, 23:59 IST");
    // The mystery game opens later than the others.
    expect(html).toContain("Opens on 1 Dec 2026, 10:00 IST");
    expect(html).not.toContain('href="/tarang"');
    expect(html).not.toContain("REGISTER close");
    expect(html).not.toContain("01-09-2025");
  });

  it("/tarang before any category opens says when the first opens; after all close, 'Registration closed'", () => {
    expect(renderAt("2026-11-01T00:00:00Z", "/tarang", Tarang, tarangLoader)).toContain(
      "Opens on 15 Nov 2026, 10:00 IST",
    );
    const closed = renderAt("2027-04-01T00:00:00Z", "/tarang", Tarang, tarangLoader);
    expect(closed).toContain("Registration closed");
    expect(closed).not.toContain("Registration open until");
    expect(closed).not.toContain("Opens on");
  });

  it("a category page shows its own window", () => {
    const html = renderAt("2027-03-01T00:00:00Z", "/openMic", TarangCategoryPage, () =>
      categoryLoader(categoryArgs("/openMic")),
    );
    expect(html).toContain("Registration open until 7 Mar 2027, 23:59 IST");
    const rampWalk = renderAt("2027-03-01T00:00:00Z", "/rampWalk", TarangCategoryPage, () =>
      categoryLoader(categoryArgs("/rampWalk")),
    );
    expect(rampWalk).toContain("Registration closed");
  });
});
