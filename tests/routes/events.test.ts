import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { meta as homeMeta } from "~/routes/home";
import { loader as sihLoader, meta as sihMeta } from "~/routes/sih";
import { loader as tarangLoader, meta as tarangMeta } from "~/routes/tarang";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/tarang-category";

function categoryArgs(path: string) {
  const url = new URL(`http://localhost${path}`);
  return { request: new Request(url), url, pattern: path, params: {}, context: new RouterContextProvider() };
}

/** Throws what the loader threw, so a test can look at the status it answers with. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

const site = {
  name: "Student Council",
  tagline: "Empowering students, building leaders.",
  url: "https://studentcouncil.example.org",
  shareImage: { src: "/images/share-card.png", alt: "Share card", width: 1200, height: 630 },
};

/** A page's <title>, from its meta function as the router calls it. */
function titleOf(meta: (args: never) => unknown, pathname: string, loaderData?: unknown): unknown {
  const tags = meta({ matches: [{ loaderData: { site } }], loaderData, location: { pathname } } as never) as {
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

  it("closes entries on Monday 01-09-2025 at 11:59 PM", () => {
    expect(tarang.title).toBe("Tarang – The Waves of Talent");
    expect(tarang.closes).toBe("Monday 01-09-2025 at 11:59 PM");
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
