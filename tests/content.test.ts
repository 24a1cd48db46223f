import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ZodType } from "zod";
import {
  clubsSchema,
  decisionEmailsSchema,
  eventsSchema,
  gallerySchema,
  peopleSchema,
  siteSchema,
} from "~/content/schemas";
import { clubBySlug } from "~/content/content.server";
import { specifiedClubs } from "./fixtures/specified-clubs";

// The data files are read as the council leaves them on disk, not through the content loader, so a schema
// failure here names the file and the field.
const root = fileURLToPath(new URL("..", import.meta.url));
const readData = (file: string): unknown => JSON.parse(readFileSync(join(root, "data", file), "utf8"));

const dataFiles: [string, ZodType][] = [
  ["site.json", siteSchema],
  ["clubs.json", clubsSchema],
  ["people.json", peopleSchema],
  ["events.json", eventsSchema],
  ["gallery.json", gallerySchema],
  ["decision-emails.json", decisionEmailsSchema],
];

const site = siteSchema.parse(readData("site.json"));
const clubs = clubsSchema.parse(readData("clubs.json"));
const people = peopleSchema.parse(readData("people.json"));
const events = eventsSchema.parse(readData("events.json"));
const gallery = gallerySchema.parse(readData("gallery.json"));

describe("data files", () => {
  it("refuse a decision e-mail with a placeholder the site does not fill in, naming the ones it does", () => {
    const decisions = decisionEmailsSchema.parse(readData("decision-emails.json"));
    const typo = { ...decisions, accepted: { ...decisions.accepted, greeting: "Hello {fistName}," } };
    const result = decisionEmailsSchema.safeParse(typo);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["accepted", "greeting"],
      message: "may only use the placeholders {firstName}, {name}, {club}, {siteName}",
    });
  });

  it("refuse a decision e-mail whose subject names the student: a visitor's words never go into a Subject line", () => {
    const decisions = decisionEmailsSchema.parse(readData("decision-emails.json"));
    for (const subject of ["Welcome, {firstName}", "{name}: accepted", "Welcome to {clubName}"]) {
      const result = decisionEmailsSchema.safeParse({ ...decisions, accepted: { ...decisions.accepted, subject } });
      expect(result.success, subject).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["accepted", "subject"],
        message: "may only use the placeholders {club}, {siteName}",
      });
    }
  });

  it.each(dataFiles)("%s passes its schema", (file, schema) => {
    const result = schema.safeParse(readData(file));
    expect(result.success, result.error?.message).toBe(true);
  });

  it("hold the fixed list sizes of the specification", () => {
    expect(clubs).toHaveLength(19);
    expect(people.leaders).toHaveLength(3);
    expect(people.mentorHeads).toHaveLength(7);
    expect(people.subMentors).toHaveLength(7);
    expect(people.officeBearers).toHaveLength(14);
    expect(people.developers).toHaveLength(6);
    expect(events.upcoming).toHaveLength(2);
    expect(gallery).toHaveLength(40);
  });

  it("name the site Student Council", () => {
    expect(site.name).toBe("Student Council");
  });

  it("list the footer's six social links in the specified order", () => {
    expect(site.socialLinks.map((link) => link.label.en)).toEqual([
      "Facebook",
      "Instagram",
      "LinkedIn",
      "YouTube",
      "WhatsApp channel",
      "X",
    ]);
  });

  it("put the President first among the leaders", () => {
    expect(people.leaders.map((leader) => leader.role.en)).toEqual([
      "President",
      "Vice President",
      "General Secretary",
    ]);
  });

  it("date both upcoming events 'To be Announced'", () => {
    expect(events.upcoming.map((event) => event.date.en)).toEqual(["To be Announced", "To be Announced"]);
  });

  it("link the Get Involved cards to the join, suggestion and ideas forms", () => {
    expect(events.getInvolved.map((card) => card.link)).toEqual(
      expect.arrayContaining(["/join", "/suggestion", "/ideas"]),
    );
  });

  it("refuse a registration window that closes before it opens, or a moment without its offset", () => {
    const withWindow = (registration: unknown) => {
      const raw = readData("events.json") as { hackathon: Record<string, unknown> };
      return eventsSchema.safeParse({ ...raw, hackathon: { ...raw.hackathon, registration } }).success;
    };
    expect(withWindow({ opens: "2026-11-01T10:00:00+05:30", closes: "2027-03-31T23:59:00+05:30" })).toBe(true);
    expect(withWindow({ opens: "2027-03-31T23:59:00+05:30", closes: "2026-11-01T10:00:00+05:30" })).toBe(false);
    expect(withWindow({ opens: "2026-11-01T10:00:00", closes: "2027-03-31T23:59:00+05:30" })).toBe(false);
    expect(withWindow({ opens: "Coming soon", closes: "2027-03-31T23:59:00+05:30" })).toBe(false);
  });

  it("give Tarang its title and the five category pages, each with its registration window", () => {
    expect(events.tarang.title.en).toBe("Tarang – The Waves of Talent");
    for (const category of events.tarang.categories) {
      expect(Date.parse(category.registration.opens)).toBeLessThan(Date.parse(category.registration.closes));
    }
    expect(events.tarang.categories.map((category) => category.slug)).toEqual([
      "rampWalk",
      "danceDetails",
      "openMic",
      "musicEvent",
      "mysteryGame",
    ]);
  });

  it("keep ids unique: gallery ids 1 to 40, club slugs and names, people names", () => {
    expect(gallery.map((image) => image.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const slugs = clubs.map((club) => club.slug.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(clubs.map((club) => club.name)).size).toBe(clubs.length);
    const names = [
      ...people.leaders,
      ...people.mentorHeads,
      ...people.subMentors,
      ...people.officeBearers,
      ...people.developers,
    ].map((person) => person.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("clubs", () => {
  it("are the 19 specified clubs, in the specified order, with their slugs", () => {
    expect(clubs.map((club) => [club.slug, club.name])).toEqual(specifiedClubs);
  });

  it.each(specifiedClubs)("/club/%s opens %s", (slug, name) => {
    expect(clubBySlug(slug)?.name).toBe(name);
  });

  it("open a different club for each of the 19 slugs", () => {
    const opened = specifiedClubs.map(([slug]) => clubBySlug(slug));
    expect(new Set(opened).size).toBe(19);
  });

  it("are found by part of their name, whatever the case", () => {
    expect(clubBySlug("ROBOTICS")?.name).toBe("Robotics Club");
    expect(clubBySlug("fusion")?.name).toBe("Media Fusion Society");
    expect(clubBySlug("Wizard")?.name).toBe("Tech Wizard Club");
  });

  it("answer nothing for an unknown or blank name", () => {
    expect(clubBySlug("chess")).toBeUndefined();
    expect(clubBySlug("")).toBeUndefined();
    expect(clubBySlug("   ")).toBeUndefined();
  });

  it("include clubs with a blank bearer role and clubs without Instagram, so both rules show", () => {
    expect(clubs.filter((club) => !club.bearers.assistant_secretary.name.trim()).length).toBeGreaterThanOrEqual(2);
    const withInstagram = clubs.filter((club) => club.instagramUrl).length;
    expect(withInstagram).toBeGreaterThan(0);
    expect(withInstagram).toBeLessThan(clubs.length);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Files the data points at

/** Every string in the data that names a file of the site ("/images/logo.svg"), as opposed to a page ("/join"). */
function localFiles(value: unknown): string[] {
  if (typeof value === "string") return /^\/[^?#]*\.[a-z0-9]{2,5}$/i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(localFiles);
  if (value && typeof value === "object") return Object.values(value).flatMap(localFiles);
  return [];
}

type SizedImage = { src: string; width: number; height: number };
function sizedImages(value: unknown): SizedImage[] {
  if (Array.isArray(value)) return value.flatMap(sizedImages);
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const own =
    typeof record.src === "string" && typeof record.width === "number" && typeof record.height === "number"
      ? [{ src: record.src, width: record.width, height: record.height }]
      : [];
  return [...own, ...Object.values(record).flatMap(sizedImages)];
}

const publicFile = (path: string) => join(root, "public", decodeURIComponent(path));

/** Width and height from a PNG's IHDR chunk or an SVG's root element. */
function intrinsicSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(publicFile(path));
  if (path.endsWith(".png")) {
    expect(bytes.subarray(0, 8).toString("hex"), `${path} is not a PNG`).toBe("89504e470d0a1a0a");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  const rootTag = /<svg\b[^>]*>/.exec(bytes.toString("utf8"))?.[0] ?? "";
  return {
    width: Number(/\swidth="(\d+)"/.exec(rootTag)?.[1]),
    height: Number(/\sheight="(\d+)"/.exec(rootTag)?.[1]),
  };
}

describe("local files named by the data", () => {
  const allData = dataFiles.map(([file]) => readData(file));
  const files = [...new Set(localFiles(allData))];

  it("all exist under public/", () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.filter((path) => !existsSync(publicFile(path)))).toEqual([]);
  });

  it("include the favicon and the home-screen icon", () => {
    expect(existsSync(join(root, "public/favicon.svg"))).toBe(true);
    expect(intrinsicSize("/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
  });

  it("include a share card that really is a 1200×630 PNG", () => {
    expect(site.shareImage.src).toMatch(/\.png$/);
    expect(intrinsicSize(site.shareImage.src)).toEqual({ width: 1200, height: 630 });
  });

  it("declare each local image's real width and height", () => {
    const mismatched = sizedImages(allData)
      .filter((image) => image.src.startsWith("/") && /\.(svg|png)$/.test(image.src))
      .filter((image) => {
        const size = intrinsicSize(image.src);
        return size.width !== image.width || size.height !== image.height;
      })
      .map((image) => image.src);
    expect(mismatched).toEqual([]);
  });

  it("keep the videos local and under 250 KB each", () => {
    for (const video of [site.media.heroVideo, site.media.promoVideo]) {
      expect(video).toMatch(/^\/media\//);
      expect(statSync(publicFile(video)).size).toBeLessThan(250 * 1024);
    }
  });
});

describe("the schemas refuse edits that would break or endanger a page", () => {
  const clubsData = readData("clubs.json") as Record<string, unknown>[];
  const siteData = readData("site.json") as Record<string, unknown>;

  it("refuses a javascript: link as a club's Instagram page", () => {
    const edited = clubsData.map((club, index) =>
      index === 0 ? { ...club, instagramUrl: "javascript:alert(1)" } : club,
    );
    expect(clubsSchema.safeParse(edited).success).toBe(false);
  });

  it("refuses two clubs with the same slug, whatever its case", () => {
    const edited = clubsData.map((club, index) => (index === 1 ? { ...club, slug: "ALUMNI" } : club));
    const result = clubsSchema.safeParse(edited);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("duplicate club slug alumni");
  });

  it("refuses an image on another host written as //host/path", () => {
    const edited = { ...siteData, logo: { ...(siteData.logo as object), src: "//evil.example/logo.svg" } };
    expect(siteSchema.safeParse(edited).success).toBe(false);
  });

  it("refuses a gallery with a repeated id", () => {
    const galleryData = readData("gallery.json") as { id: number }[];
    const edited = galleryData.map((picture, index) => (index === 39 ? { ...picture, id: 1 } : picture));
    expect(gallerySchema.safeParse(edited).success).toBe(false);
  });
});

describe("the server reads the content from CONTENT_DIR at start", () => {
  // The loader runs again for each case, with the environment of the case.
  const loadContent = () => import("~/content/content.server");
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), "council-content-"));
    folders.push(made);
    return made;
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it("reads data/ when CONTENT_DIR is unset or empty", async () => {
    vi.stubEnv("CONTENT_DIR", "");
    vi.resetModules();
    expect((await loadContent()).events).toEqual(events);
  });

  it("stops the start in one line naming CONTENT_DIR when a file is missing there", async () => {
    const empty = folder();
    vi.stubEnv("CONTENT_DIR", empty);
    vi.resetModules();
    await expect(loadContent()).rejects.toThrow(
      new RegExp(`^Invalid environment: CONTENT_DIR \\(${empty}\\) holds no readable site\\.json: ENOENT`),
    );
  });

  it("stops the start naming the file and the field when a file there breaks its schema", async () => {
    const edited = folder();
    cpSync(join(root, "data"), edited, { recursive: true });
    const raw = readData("events.json") as { hackathon: Record<string, unknown> };
    const broken = { ...raw, hackathon: { ...raw.hackathon, registration: { opens: "Coming soon", closes: "x" } } };
    writeFileSync(join(edited, "events.json"), JSON.stringify(broken));
    vi.stubEnv("CONTENT_DIR", edited);
    vi.resetModules();
    await expect(loadContent()).rejects.toThrow(/^Content: .*events\.json: hackathon\.registration\.opens: /);
  });
});
