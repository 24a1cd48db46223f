import { readFile } from "node:fs/promises";
import type { APIRequestContext, Disposable, Page } from "@playwright/test";
import { specifiedClubs } from "../tests/fixtures/specified-clubs";
import { expect, expectNoA11yViolations, gotoAndSettle, inRunsOf, sameInEveryProject, test } from "./fixtures";
import { expectLinksWork } from "./links";

/**
 * Every public page of the route table (docs/behaviour.md, "Pages"), in every project: its key content, its own
 * <title>, its links, the tags that make a shared link show a card, and an axe scan. One page load serves all of these
 * checks, which keeps the suite fast. Expected texts are spelled out from docs/behaviour.md and the sample data, never
 * read from the app, so a drifted text fails here. (a11y.spec.ts scans the states a page load does not show.)
 */

const product = "Student Council";

interface PageCase {
  path: string;
  /** What the page's <title> (and og:title) must name besides the product. */
  titleNames: string;
  shows: (page: Page) => Promise<void>;
}

/** The sections of the home page, in their required order, by the label each one opens with. */
async function expectHomeSectionsInOrder(page: Page) {
  const sections = await page.locator("main section").evaluateAll((elements) =>
    elements
      .filter((element) => !element.parentElement?.closest("section"))
      .map((section) => ({
        text: (section.textContent ?? "").replace(/\s+/g, " ").trim(),
        h1: section.querySelector("h1")?.textContent?.trim() ?? null,
        // Only those the browser renders: without scripts a video's scripted copy is hidden for its <noscript> one.
        videos: [...section.querySelectorAll("video")].filter((video) => video.checkVisibility()).length,
      })),
  );
  expect(sections, "home has exactly the eight specified sections").toHaveLength(8);
  const [hero, about, promo, leaders, mentors, clubs, events, involved] = sections;
  expect(hero?.h1, "1st section: the hero with the title").toBe(product);
  expect(hero?.videos, "the hero has its background video").toBe(1);
  expect(about?.text, "2nd section: About Us").toMatch(/^About Us/);
  expect(promo?.videos, "3rd section: the promotional video").toBe(1);
  expect(leaders?.text, "4th section: Council Leaders").toMatch(/^Council Leaders/);
  expect(mentors?.text, "5th section: Mentors").toMatch(/^Mentors/);
  expect(clubs?.text, "6th section: Clubs").toMatch(/^Clubs/);
  expect(events?.text, "7th section: Upcoming Events").toMatch(/^Upcoming Events/);
  expect(involved?.text, "8th section: Get Involved").toMatch(/^Get Involved/);
}

/** The club page: back link, name, about, mission and vision, and its bearers in role order. */
function clubPage({
  slug,
  name,
  bearers,
  instagram,
}: {
  slug: string;
  name: string;
  bearers: { name: string; role: string }[];
  instagram: boolean;
}): PageCase {
  return {
    path: `/club/${slug}`,
    titleNames: name,
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Back to Clubs" })).toHaveAttribute("href", "/clubs");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(main.getByRole("img", { name: /logo$/i }), "the club's logo").toBeVisible();
      await expect(main.getByRole("heading", { name: "About the Club", level: 2 })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Mission", exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Vision", exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Club Bearers", level: 2 })).toBeVisible();

      const shownBearers = main.getByRole("region", { name: "Club Bearers" }).getByRole("listitem");
      await expect(shownBearers).toHaveCount(bearers.length);
      for (const [index, bearer] of bearers.entries()) {
        const card = shownBearers.nth(index);
        await expect(card.getByRole("heading")).toHaveText(bearer.name);
        await expect(
          card.getByText(new RegExp(`^${bearer.role}$`, "i")),
          `bearer ${index + 1} is the ${bearer.role}`,
        ).toBeVisible();
        await expect(card.getByRole("img")).toHaveAttribute("alt", new RegExp(escapeRegExp(bearer.name)));
      }

      const follow = main.getByRole("link", { name: "Follow on Instagram" });
      if (instagram) {
        await expect(follow).toHaveAttribute("href", /^https:\/\/(www\.)?instagram\.com\//);
        await expect(follow).toHaveAttribute("target", "_blank");
      } else {
        await expect(follow, "no Instagram button for a club without instagram_url").toHaveCount(0);
      }
    },
  };
}

function threeBearers(club: string) {
  return [
    { name: `${club} Coordinator`, role: "coordinator" },
    { name: `${club} Secretary`, role: "secretary" },
    { name: `${club} Assistant Secretary`, role: "assistant secretary" },
  ];
}

/** A Tarang category page: its title, a rules section and the way back to /tarang. */
function tarangCategoryPage(slug: string, title: string, note?: string): PageCase {
  return {
    path: `/${slug}`,
    titleNames: title,
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
      if (note) await expect(main).toContainText(note);
      await expect(main.getByRole("heading", { name: "Rules" })).toBeVisible();
      const back = main.getByRole("link", { name: "Back to Tarang" });
      await expect(back).toHaveAttribute("href", "/tarang");
    },
  };
}

const contentPages: PageCase[] = [
  {
    path: "/",
    titleNames: product,
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(product);
      await expect(main).toContainText("Empowering students, building leaders.");
      await expect(main.getByRole("link", { name: /hackathon/i }).first()).toHaveAttribute("href", "/sih");
      await expect(main.getByRole("link", { name: /^Join/ }).first()).toHaveAttribute("href", "/join");
      await expectHomeSectionsInOrder(page);

      const about = main.locator("section").nth(1);
      await expect(about).toContainText("10+ clubs");
      for (const value of ["Leadership", "Innovation", "Community"]) {
        await expect(about.getByRole("heading", { name: value, exact: true })).toBeVisible();
      }

      await expect(main.getByRole("heading", { name: "Sample President" })).toBeVisible();
      await expect(main.getByText("President", { exact: true })).toBeVisible();
      const leadersSection = main.locator("section").nth(3);
      await expect(leadersSection.getByRole("heading", { level: 3 }), "3 council leaders").toHaveCount(3);

      const mentorsRow = main.getByRole("region", { name: /carousel/i });
      await expect(mentorsRow.getByRole("listitem"), "the 7 mentor heads in the carousel").toHaveCount(7);

      // The strip shows the list twice for a seamless loop; the copy is hidden from assistive technology.
      const strip = main.locator("section").nth(5);
      await expect(strip.getByRole("listitem"), "19 clubs in the strip, once for assistive technology").toHaveCount(19);
      await expect(strip.locator("a[href^='/club/']")).toHaveCount(38);
      await expect(strip.getByRole("link", { name: /all clubs/i })).toHaveAttribute("href", "/clubs");

      const events = main.locator("section").nth(6);
      await expect(events.getByRole("listitem")).toHaveCount(2);
      await expect(events.getByText("To be Announced", { exact: true })).toHaveCount(2);

      const involved = main.locator("section").nth(7);
      for (const link of ["/join", "/suggestion", "/ideas"]) {
        await expect(involved.locator(`a[href="${link}"]`), `Get Involved links to ${link}`).toHaveCount(1);
      }
    },
  },
  {
    path: "/clubs",
    titleNames: "Clubs",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Our Clubs & Societies");
      const cards = main.locator("li a[href^='/club/']");
      await expect(cards).toHaveCount(19);
      const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs).toEqual(specifiedClubs.map(([slug]) => `/club/${slug}`));
      for (const [index, [, name]] of specifiedClubs.entries()) {
        // The club's name, then the caption it shows on hover; the logo beside them is decoration.
        await expect(cards.nth(index)).toHaveAccessibleName(`${name} Student Council`);
        await expect(cards.nth(index).locator("img")).toBeVisible();
      }
    },
  },
  clubPage({ slug: "coding", name: "Coding Club", bearers: threeBearers("Coding Club"), instagram: true }),
  clubPage({ slug: "e.v.", name: "E.V. Club", bearers: threeBearers("E.V. Club"), instagram: true }),
  clubPage({
    slug: "Environment",
    name: "Environment Club",
    bearers: threeBearers("Environment Club"),
    instagram: false,
  }),
  // The sample data leaves this club's assistant secretary blank: that role is not shown.
  clubPage({
    slug: "alumni",
    name: "Alumni Relation Committee",
    bearers: [
      { name: "Alumni Relation Committee Coordinator", role: "coordinator" },
      { name: "Alumni Relation Committee Secretary", role: "secretary" },
    ],
    instagram: false,
  }),
  // The sample bearers are named after the club's short name.
  clubPage({
    slug: "wings",
    name: "WINGS (Women Inspiring Growth & Success)",
    bearers: threeBearers("WINGS"),
    instagram: true,
  }),
  {
    path: "/mentors",
    titleNames: "Mentors",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      const heads = main.getByRole("region", { name: "Our Mentors Heads" });
      await expect(heads.getByRole("listitem")).toHaveCount(7);
      const firstHead = heads.getByRole("listitem").first();
      await expect(firstHead.getByRole("heading")).toHaveText("Mentor Head 1 (sample)");
      await expect(firstHead).toContainText("Mentor Head, Technical Clubs");
      await expect(firstHead.getByRole("img")).toHaveAttribute("alt", /\S/);
      await expect(firstHead.locator("blockquote")).toHaveText(/\S/);

      const mentors = main.getByRole("region", { name: "Our Mentors", exact: true });
      await expect(mentors.getByRole("listitem")).toHaveCount(7);
      await expect(mentors.getByRole("heading", { level: 3 })).toHaveText(
        Array.from({ length: 7 }, (_, index) => `Mentor ${index + 1} (sample)`),
      );
    },
  },
  {
    path: "/team",
    titleNames: "Office Bearers",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      const members = main.getByRole("article");
      await expect(members).toHaveCount(14);
      const treasurer = members.filter({ has: page.getByRole("heading", { name: "Sample Treasurer" }) });
      await expect(treasurer.getByText("Treasurer", { exact: true })).toBeVisible();
      await expect(treasurer.locator("blockquote")).toHaveText(/\S/);
      await expect(treasurer.getByRole("link")).toHaveCount(5);
      // An icon only for a real link; "#" and "" are not links.
      const jointSecretary = members.filter({ has: page.getByRole("heading", { name: "Sample Joint Secretary" }) });
      await expect(jointSecretary.getByRole("link")).toHaveCount(1);
      await expect(jointSecretary.getByRole("link")).toHaveAccessibleName(/Instagram/);
      const sportsSecretary = members.filter({ has: page.getByRole("heading", { name: "Sample Sports Secretary" }) });
      await expect(sportsSecretary.getByRole("link")).toHaveCount(0);
      await expect(main.locator("a[href='#'], a[href='']")).toHaveCount(0);
    },
  },
  {
    path: "/developers",
    titleNames: "Developer",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      const developers = main.getByRole("article");
      await expect(developers).toHaveCount(6);
      const backend = developers.filter({ has: page.getByRole("heading", { name: "Sample Backend Developer" }) });
      await expect(backend.getByText("Backend Developer", { exact: true })).toBeVisible();
      await expect(backend.getByRole("link")).toHaveCount(2);
      await expect(backend.getByRole("link", { name: /GitHub/ })).toHaveCount(1);
      await expect(backend.getByRole("link", { name: /LinkedIn/ })).toHaveCount(1);
      const fullStack = developers.filter({ has: page.getByRole("heading", { name: "Sample Full-Stack Developer" }) });
      await expect(fullStack.getByRole("link")).toHaveCount(5);
      await expect(main.locator("a[href='#'], a[href='']")).toHaveCount(0);
    },
  },
  {
    path: "/gallery",
    titleNames: "Gallery",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      const images = main.locator("img");
      // The content's 40 pictures, and any a council member uploads while the suite runs (content-photos.spec.ts).
      await expect.poll(() => images.count()).toBeGreaterThanOrEqual(40);
      const attributes = await images.evaluateAll((elements) =>
        elements.map((image) => ({
          loading: image.getAttribute("loading"),
          priority: image.getAttribute("fetchpriority"),
          alt: image.getAttribute("alt") ?? "",
          width: image.getAttribute("width"),
          height: image.getAttribute("height"),
        })),
      );
      for (const [index, image] of attributes.entries()) {
        // The first row (up to five tiles) is above the fold and never lazy; every tile after it is, and asks for
        // low priority, so that none competes with the first tile, the page's largest paint.
        if (index >= 5) {
          expect(image.loading, `gallery image ${index + 1} loads lazily`).toBe("lazy");
          expect(image.priority, `gallery image ${index + 1} asks for low priority`).toBe("low");
        } else expect(image.loading, `gallery image ${index + 1} is not lazy`).toBeNull();
        if (index === 0) expect(image.priority, "the first gallery image comes first").toBe("high");
        expect(image.alt.trim(), `gallery image ${index + 1} has alt text`).not.toBe("");
        expect(Number(image.width), `gallery image ${index + 1} has a width`).toBeGreaterThan(0);
        expect(Number(image.height), `gallery image ${index + 1} has a height`).toBeGreaterThan(0);
      }
    },
  },
  {
    path: "/sih",
    titleNames: "SIH 2025",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("SIH 2025 Internal Hackathon");
      await expect(main).toContainText(`Organised by the ${product}`, { ignoreCase: true });
      // The registration window's state from data/events.json; the form's link only while it is open.
      const status = main.locator("[data-registration]").first();
      await expect(status).toHaveText(
        /^(Registration open until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST|Registration closed|Opens on .+ IST)$/,
      );
      if ((await status.getAttribute("data-registration")) === "open") {
        await expect(main.getByRole("link", { name: "Start Registration" }).first()).toHaveAttribute(
          "href",
          "/sih/registration",
        );
      } else {
        await expect(main.getByRole("link", { name: "Start Registration" })).toHaveCount(0);
      }
      // About; registration (team rules, dates, problem statements); resources; contact.
      const sectionLinks = main.getByRole("navigation").getByRole("link");
      await expect(sectionLinks).toHaveText(["About", "Registration", "Resources", "Contact"]);
      for (const link of await sectionLinks.all()) {
        const target = ((await link.getAttribute("href")) ?? "").replace(/^#/, "");
        await expect(main.locator(`[id="${target}"]`), `the section nav's ${target} link has its section`).toHaveCount(
          1,
        );
      }
      await expect(main.getByRole("heading", { name: "Team rules" })).toBeVisible();
      await expect(main.getByText("Coming soon", { exact: true })).toHaveCount(0);
      await expect(main.getByRole("link", { name: /problem statements/i })).toHaveAttribute("href", /^https:\/\//);
      await expect(main.getByRole("link", { name: /PPT format/ })).toHaveAttribute("download", /.*/);
      await expect(main.getByRole("link", { name: /official SIH/i })).toHaveAttribute(
        "href",
        /^https:\/\/www\.sih\.gov\.in/,
      );
      const phones = main.locator("a[href^='tel:']");
      await expect(phones, "four student coordinators to call").toHaveCount(4);
      for (const href of await phones.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        expect(href).toMatch(/^tel:\+?\d{10,12}$/);
      }
    },
  },
  {
    path: "/tarang",
    titleNames: "Tarang – The Waves of Talent",
    shows: async (page) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Tarang – The Waves of Talent");
      // No button back to this same page: the state of registration instead, for the fest and each category.
      await expect(main.locator('a[href="/tarang"]')).toHaveCount(0);
      await expect(main.locator("[data-registration]")).toHaveCount(1 + tarangCategories.length);
      await expect(main.locator("[data-registration]").first()).toHaveText(
        /^(Registration open until .+ IST|Registration closed|Opens on .+ IST)$/,
      );
      for (const [slug, title] of tarangCategories) {
        await expect(main.locator(`a[href="/${slug}"]`), `a card links to /${slug}`).toContainText(title);
      }
      await expect(main.locator(`a[href="/rampWalk"]`)).toContainText(/traditional only/i);
      await expect(main.locator(`a[href="/mysteryGame"]`)).toContainText(/fun games/i);
      for (const note of [/first come,? first served/i, /unique entries/i, /duplicate/i, /no exceptions/i]) {
        await expect(main.getByText(note)).toBeVisible();
      }
      await expect(main.locator("a[href^='tel:']"), "two student coordinators").toHaveCount(2);
    },
  },
];

const tarangCategories = [
  ["rampWalk", "Ramp Walk", "Traditional only"],
  ["danceDetails", "Dance"],
  ["openMic", "Open Mic"],
  ["musicEvent", "Music"],
  ["mysteryGame", "Mystery Game", "Fun Games"],
] as const;

contentPages.push(...tarangCategories.map(([slug, title, note]) => tarangCategoryPage(slug, title, note)));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Checked once per worker: every page shares one share image. */
const sharedImageStatus = new Map<string, Promise<{ status: number; type: string }>>();

async function expectShareCard(page: Page, request: APIRequestContext, path: string, titleNames: string) {
  const head = page.locator("head");
  for (const property of ["og:title", "og:description", "og:image"]) {
    await expect(head.locator(`meta[property="${property}"]`), `one ${property}`).toHaveCount(1);
    await expect(head.locator(`meta[property="${property}"]`), `${property} has content`).toHaveAttribute(
      "content",
      /\S/,
    );
  }
  await expect(head.locator(`meta[property="og:title"]`)).toHaveAttribute(
    "content",
    new RegExp(escapeRegExp(titleNames)),
  );

  const canonical = head.locator("link[rel='canonical']");
  await expect(canonical).toHaveCount(1);
  const canonicalUrl = new URL((await canonical.getAttribute("href")) ?? "");
  expect(canonicalUrl.protocol, "the canonical link is an absolute URL").toMatch(/^https?:$/);
  expect(decodeURIComponent(canonicalUrl.pathname), "the canonical link names this page").toBe(path);

  const image = (await head.locator(`meta[property="og:image"]`).getAttribute("content")) ?? "";
  expect(image, "og:image is an absolute URL (WhatsApp ignores relative ones)").toMatch(/^https?:\/\//);
  const imagePath = new URL(image).pathname;
  let answer = sharedImageStatus.get(imagePath);
  if (!answer) {
    answer = request
      .get(imagePath)
      .then((response) => ({ status: response.status(), type: response.headers()["content-type"] ?? "" }));
    sharedImageStatus.set(imagePath, answer);
  }
  const { status, type } = await answer;
  expect(status, `the share image ${imagePath} exists`).toBe(200);
  expect(type, `the share image ${imagePath} is an image`).toMatch(/^image\//);
}

type CspWindow = Window & { cspViolations?: string[] };

// Records any Content-Security-Policy violation from the first script on (only runs with JavaScript on). Taken off
// after each test: the worker's next test borrows the same tab (fixtures.ts, sharedTab).
let cspRecorder: Disposable | undefined;

test.beforeEach(async ({ page }) => {
  cspRecorder = await page.addInitScript(() => {
    const records: string[] = [];
    (window as CspWindow).cspViolations = records;
    document.addEventListener("securitypolicyviolation", (event) => {
      records.push(
        `${event.violatedDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
});

test.afterEach(async () => {
  await cspRecorder?.dispose();
  cspRecorder = undefined;
});

// Three pages a test (fixtures.ts inRunsOf). The home page comes first in its run, so its scan sees the
// hackathon popup of a first visit.
for (const run of inRunsOf(contentPages, 3)) {
  const paths = run.map(({ path }) => path).join(", ");
  test(`${paths}: content, title, links, share card and accessibility`, async ({ page, request }) => {
    for (const { path, titleNames, shows } of run) {
      await test.step(path, async () => {
        const response = await gotoAndSettle(page, path);
        expect(response?.status()).toBe(200);

        await test.step("content and title", async () => {
          await expect(page).toHaveTitle(new RegExp(escapeRegExp(titleNames)));
          await expect(page).toHaveTitle(new RegExp(`${product}$`));
          await expect(page.locator("h1"), "one h1 per page").toHaveCount(1);
          await shows(page);
        });
        await test.step("links", () => expectLinksWork(page, request));
        await test.step("share card", () => expectShareCard(page, request, path, titleNames));
        await test.step("no Content-Security-Policy violations", async () => {
          const violations = await page.evaluate(() => (window as CspWindow).cspViolations ?? null);
          if (violations !== null) expect(violations).toEqual([]);
        });
        // On the home page this scans the open hackathon popup over the page.
        await test.step("no accessibility violations", () => expectNoA11yViolations(page));
      });
    }
  });
}

test("every page has a title of its own", async ({ request, javaScriptEnabled, isMobile }) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
  const titles = await Promise.all(
    contentPages.map(async ({ path }) => {
      const html = await (await request.get(path)).text();
      return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    }),
  );
  expect(new Set(titles).size, `titles: ${titles.join(" / ")}`).toBe(contentPages.length);
});

for (const path of ["/no-such-page", "/club/nope"]) {
  test(`${path} answers HTTP 404 with the Not Found screen, which has no accessibility violations`, async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    // The browser reports the document's 404 status as a failed resource.
    allowConsoleErrors(/status of 404/);
    const response = await gotoAndSettle(page, path);
    expect(response?.status()).toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText("404");
    await expect(main).toContainText("Not Found");
    await expect(main).toContainText("Oops! Looks like you're lost");
    await expect(main).toContainText("The page you are looking for is not available");
    await expect(main.getByRole("link", { name: "Go Back Home" })).toHaveAttribute("href", "/");
    await expect(page).toHaveTitle(/Not Found/);
    // The shell stays around it, so the visitor can carry on.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectLinksWork(page, request, 404);
    await expectNoA11yViolations(page);

    await main.getByRole("link", { name: "Go Back Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product);
  });
}

test("/healthz answers 200 with a page rendered by React, never cached", async ({
  request,
  javaScriptEnabled,
  isMobile,
}) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.text()).toMatch(/<p[^>]*>ok<\/p>/);
});

test("/sih: each section link brings its section's title into view, clear of the section nav", async ({ page }) => {
  await gotoAndSettle(page, "/sih");
  const main = page.getByRole("main");
  const sectionNav = main.getByRole("navigation");
  // The last first, so that each jump crosses the others.
  for (const name of ["Contact", "Resources", "Registration", "About"]) {
    const link = sectionNav.getByRole("link", { name, exact: true });
    const target = ((await link.getAttribute("href")) ?? "").replace(/^#/, "");
    await link.click();
    const title = main.locator(`[id="${target}-title"]`);
    await expect(title, `${name}: its title shows`).toBeInViewport({ ratio: 1 });
    await expect
      .poll(
        async () => {
          const [titleBox, navBox] = await Promise.all([title.boundingBox(), sectionNav.boundingBox()]);
          return (titleBox?.y ?? 0) - ((navBox?.y ?? 0) + (navBox?.height ?? 0));
        },
        { message: `${name}: its title is below the section nav, not under it` },
      )
      .toBeGreaterThanOrEqual(0);
  }
});

test("/sih: Add to calendar downloads the hackathon's calendar file, with the time in IST beside it", async ({
  page,
}) => {
  await gotoAndSettle(page, "/sih");
  const main = page.getByRole("main");
  await expect(main.locator("p", { hasText: /^When: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST to .+ IST/ })).toBeVisible();
  const link = main.getByRole("link", { name: "Add to calendar" });
  await expect(link).toHaveAttribute("href", "/sih/calendar.ics");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("sih-hackathon.ics");
  const ics = await readFile(await download.path(), "utf8");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(ics).toContain("SUMMARY:SIH 2025 Internal Hackathon");
});

test("/: a reload lands where the visitor was", async ({ page }) => {
  // Browsers restore the scroll offset on a reload; it lands right only if everything above is laid out as it was
  // (parts rendered only near the viewport, with estimated heights until then, were tried and landed elsewhere).
  await gotoAndSettle(page, "/");
  const title = page.locator("#events-title");
  await title.evaluate((element) => {
    element.scrollIntoView();
    window.scrollBy(0, -100);
  });
  const before = (await title.boundingBox())?.y ?? Number.NaN;
  await page.reload();
  await expect
    .poll(async () => Math.abs(((await title.boundingBox())?.y ?? Number.POSITIVE_INFINITY) - before), {
      message: "the upcoming events' title is where it was",
    })
    .toBeLessThanOrEqual(2);
});
