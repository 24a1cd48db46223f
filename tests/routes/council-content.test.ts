import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ContentWatch, watchContent } from "~/content/content-watch.server";
import { events as liveEvents, site as liveSite, useContent } from "~/content/content.server";
import type { EditReply } from "~/content/editing/save.server";
import type { FieldView } from "~/content/editing/editor-view";
import { runningCoordinators } from "~/content/editing/access.server";
import CouncilContent, { loader as listLoader } from "~/routes/council-content";
import CouncilContentPart, { action as partAction, loader as partLoader } from "~/routes/council-content-part";
import { action as historyAction, loader as historyLoader } from "~/routes/council-content-history";
import { loader as inboxLoader } from "~/routes/council";
import { identity, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { useLoggedLines } from "../support/logs";
import {
  caught,
  dataOf,
  get,
  post,
  renderRoute,
  routeArgs,
  signInNewStudent,
  statusOf,
  type Fields,
} from "../support/routes";

/**
 * The content editor's routes against the running app's built-in store: who may open them, a save through a form
 * (publishing at once), refusals that change nothing (400, 409), a coordinator's one club, history and restore.
 */

const logged = useLoggedLines(["info"]);

let accounts = 0;
async function signedIn(role: "member" | "student" | { club: string }) {
  accounts += 1;
  const collegeId = `0187CE29${String(accounts).padStart(4, "0")}`;
  const { cookie } = await signInNewStudent(identity, {
    collegeId,
    email: `editor${accounts}@example.org`,
    username: `Editor ${accounts}`,
    councilMember: role === "member",
  });
  if (typeof role === "object") await runningCoordinators()!.grant(collegeId, role.club);
  return { cookie, collegeId };
}

const content = () => usedBuiltInStore()!.content;
const partPath = (part: string, at?: string) =>
  `/council/content/${part}${at === undefined ? "" : `?at=${encodeURIComponent(at)}`}`;
const visit = (part: string, at: string | undefined, cookie?: string) =>
  caught(partLoader(routeArgs(get(partPath(part, at), { cookie }), { part })));
const save = (part: string, at: string | undefined, fields: Fields, cookie?: string) =>
  caught(partAction(routeArgs(post(partPath(part, at), fields, { cookie }), { part })));

type PageData = { view: { fields: FieldView[]; basedOn: number | null } };

/** Every field of a page as the form would post it, as the browser sends an untouched form. */
function formOf(fields: FieldView[], into: [string, string][] = []): [string, string][] {
  for (const field of fields) {
    if (field.kind === "group") formOf(field.children, into);
    if (field.kind === "list")
      formOf(
        field.items.map((item) => item.view),
        into,
      );
    if (field.kind === "localized") into.push([`${field.name}.en`, field.en], [`${field.name}.hi`, field.hi]);
    if (field.kind === "input" || field.kind === "select") into.push([field.name, field.value]);
    if (field.kind === "checkbox" && field.checked) into.push([field.name, "true"]);
  }
  return into;
}

async function pageForm(part: string, at: string | undefined, cookie: string) {
  const page = dataOf<PageData>(await visit(part, at, cookie));
  return {
    page,
    form: [["__basedOn", String(page.view.basedOn ?? "")], ...formOf(page.view.fields)] as [string, string][],
  };
}

const changed = (form: [string, string][], name: string, value: string) =>
  form.map(([field, old]): [string, string] => [field, field === name ? value : old]);

function findField(fields: FieldView[], name: string): FieldView | undefined {
  for (const field of fields) {
    if (field.name === name) return field;
    const inner =
      field.kind === "group"
        ? findField(field.children, name)
        : field.kind === "list"
          ? findField(
              field.items.map((item) => item.view),
              name,
            )
          : undefined;
    if (inner) return inner;
  }
  return undefined;
}

// As a server does: the store seeded from CONTENT_DIR, and what the pages read following its newest versions.
let watch: ContentWatch;
beforeAll(async () => {
  watch = watchContent({
    content: content(),
    directory: process.env.CONTENT_DIR!,
    apply: useContent,
    intervalMs: 50,
    log: { info: () => undefined, error: () => undefined },
  });
  await watch.ready;
});
afterAll(() => watch.stop());
beforeEach(async () => {
  await limits.reset();
});

describe("who may open the content editor", () => {
  it("sends a visitor who is not signed in to the login, and gives a student 404", async () => {
    const answer = await caught(listLoader(routeArgs(get("/council/content"))));
    expect(statusOf(answer)).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcouncil%2Fcontent");
    const student = await signedIn("student");
    expect(statusOf(await caught(listLoader(routeArgs(get("/council/content", { cookie: student.cookie })))))).toBe(
      404,
    );
    expect(statusOf(await visit("site", undefined, student.cookie))).toBe(404);
    expect(statusOf(await save("site", undefined, { __basedOn: "1" }, student.cookie))).toBe(404);
  });

  it("lists the six parts with their newest version for a member", async () => {
    const { cookie } = await signedIn("member");
    const listed = dataOf<{ parts: { part: string; newest?: { by: string } }[] }>(
      await caught(listLoader(routeArgs(get("/council/content", { cookie })))),
    );
    expect(listed.parts.map((part) => part.part)).toEqual([
      "site",
      "clubs",
      "people",
      "events",
      "gallery",
      "decision-emails",
    ]);
    expect(listed.parts[0]!.newest?.by).toBe("the first content files");
    const html = renderRoute(
      { path: "/council/content", Component: CouncilContent, loaderData: listed },
      "/council/content",
    );
    expect(html).toMatch(/<a[^>]*href="\/council\/content\/photos"[^>]*>Upload a photo/);
  });
});

describe("saving a part", () => {
  it("publishes the home page's about text in both languages at once", async () => {
    const { cookie } = await signedIn("member");
    const { form } = await pageForm("site", undefined, cookie);
    const answer = await save(
      "site",
      undefined,
      changed(changed(form, "aboutBlurb.en", "We run the campus's clubs."), "aboutBlurb.hi", "हम क्लब चलाते हैं।"),
      cookie,
    );
    expect(statusOf(answer)).toBe(302);
    await vi.waitFor(() =>
      expect(liveSite.aboutBlurb).toEqual({ en: "We run the campus's clubs.", hi: "हम क्लब चलाते हैं।" }),
    );
    const [newest] = await content().history({ part: "site", limit: 1 });
    expect(newest!.summary).toBe("changed aboutBlurb.en, aboutBlurb.hi");
    // The change is logged with the account's key alone: no College ID, no text.
    expect(logged).toEqual([
      `Content: site saved as version ${newest!.id} from the editor (at the whole part) by account ${newest!.savedBy}.`,
    ]);
  });

  it("saves the hackathon's closing date from India's time", async () => {
    const { cookie } = await signedIn("member");
    const { page, form } = await pageForm("events", "hackathon.registration", cookie);
    expect(findField(page.view.fields, "hackathon.registration.closes")).toMatchObject({ input: "datetime-local" });
    const opens = form.find(([name]) => name === "hackathon.registration.opens")![1];
    const closes = `${String(Number(opens.slice(0, 4)) + 1)}-01-15T23:59`;
    expect(
      statusOf(
        await save("events", "hackathon.registration", changed(form, "hackathon.registration.closes", closes), cookie),
      ),
    ).toBe(302);
    await vi.waitFor(() => expect(liveEvents.hackathon.registration.closes).toBe(`${closes}:00+05:30`));
  });

  it("refuses a save that fails the schema with 400, the message by its field, and writes nothing", async () => {
    const { cookie } = await signedIn("member");
    const { form } = await pageForm("site", undefined, cookie);
    const before = await content().latestId();
    const answer = await save(
      "site",
      undefined,
      changed(changed(form, "aboutBlurb.hi", ""), "url", "javascript:alert(1)"),
      cookie,
    );
    expect(statusOf(answer)).toBe(400);
    const reply = dataOf<EditReply>(answer);
    expect(reply.message).toBe("Nothing was saved: correct the fields marked below.");
    const about = findField(reply.fields, "aboutBlurb");
    expect(about).toMatchObject({ hi: "", mark: "missing" });
    expect(about?.kind === "localized" && about.hiError).toMatch(/\w/);
    const url = findField(reply.fields, "url");
    expect(url).toMatchObject({ value: "javascript:alert(1)" });
    expect(url?.kind === "input" && url.error).toMatch(/\w/);
    expect(await content().latestId()).toBe(before);
  });

  it("refuses a form that is no form of ours (a field that is no path, too many fields) with 400", async () => {
    const { cookie } = await signedIn("member");
    const { form } = await pageForm("site", undefined, cookie);
    const before = await content().latestId();
    expect(statusOf(await save("site", undefined, [...form, ["__proto__[0]x", "1"]], cookie))).toBe(400);
    const many = Array.from({ length: 700 }, (_, index): [string, string] => [`name${index}`, "x"]);
    expect(statusOf(await save("site", undefined, [...form, ...many], cookie))).toBe(400);
    expect(await content().latestId()).toBe(before);
  });

  it("tells the second of two members saving the same part that the first saved (409), keeping what they typed", async () => {
    const first = await signedIn("member");
    const second = await signedIn("member");
    const a = await pageForm("site", undefined, first.cookie);
    const b = await pageForm("site", undefined, second.cookie);
    expect(statusOf(await save("site", undefined, changed(a.form, "institute", "First Institute"), first.cookie))).toBe(
      302,
    );
    const answer = await save("site", undefined, changed(b.form, "institute", "Second Institute"), second.cookie);
    expect(statusOf(answer)).toBe(409);
    expect(dataOf<EditReply>(answer).message).toMatch(/^Someone else saved this part/);
    expect(findField(dataOf<EditReply>(answer).fields, "institute")).toMatchObject({ value: "Second Institute" });
    await vi.waitFor(() => expect(liveSite.institute).toBe("First Institute"));
  });

  it("adds, moves and removes list items without saving until Save", async () => {
    const { cookie } = await signedIn("member");
    const { form } = await pageForm("events", "hackathon", cookie);
    const before = await content().latestId();
    const added = await save("events", "hackathon", [...form, ["__op", "add:hackathon.about"]], cookie);
    expect(statusOf(added)).toBe(200);
    const about = findField(dataOf<EditReply>(added).fields, "hackathon.about");
    expect(about?.kind === "list" && about.items.at(-1)?.view).toMatchObject({ en: "", hi: "" });
    const moved = await save("events", "hackathon", [...form, ["__op", "down:hackathon.about[0]"]], cookie);
    const movedAbout = findField(dataOf<EditReply>(moved).fields, "hackathon.about");
    const firstAbout = form.find(([name]) => name === "hackathon.about[0].en")![1];
    expect(movedAbout?.kind === "list" && movedAbout.items[1]?.view).toMatchObject({ en: firstAbout });
    expect(await content().latestId()).toBe(before);
  });
});

describe("a club's coordinator", () => {
  it("sees and saves only their club's entry, and nothing else (404), not even the inbox", async () => {
    const clubs = (await content().current()).parts.clubs!.data;
    const mine = clubs[2]!;
    const coordinator = await signedIn({ club: mine.slug });
    const listed = dataOf<{ clubs: { name: string; href: string }[]; parts: unknown[] }>(
      await caught(listLoader(routeArgs(get("/council/content", { cookie: coordinator.cookie })))),
    );
    expect(listed).toMatchObject({ parts: [], clubs: [{ name: mine.name, href: partPath("clubs", "[2]") }] });
    expect(statusOf(await visit("clubs", "[3]", coordinator.cookie))).toBe(404);
    expect(statusOf(await visit("clubs", undefined, coordinator.cookie))).toBe(404);
    expect(statusOf(await visit("site", undefined, coordinator.cookie))).toBe(404);
    expect(
      statusOf(
        await caught(
          historyLoader(
            routeArgs(get("/council/content/clubs/history", { cookie: coordinator.cookie }), { part: "clubs" }),
          ),
        ),
      ),
    ).toBe(404);
    expect(statusOf(await caught(inboxLoader(routeArgs(get("/council", { cookie: coordinator.cookie })))))).toBe(403);

    const { form } = await pageForm("clubs", "[2]", coordinator.cookie);
    const edited = changed(changed(form, "[2].bearers.coordinator.name", "Asha Verma"), "[2].slug", "taken-over");
    expect(statusOf(await save("clubs", "[2]", edited, coordinator.cookie))).toBe(302);
    const after = (await content().current()).parts.clubs!.data;
    expect(after[2]).toMatchObject({ slug: mine.slug, bearers: { coordinator: { name: "Asha Verma" } } });
    expect(after.filter((_club, index) => index !== 2)).toEqual(clubs.filter((_club, index) => index !== 2));
    // Another club's fields sent to their own page are not read: only the page's own fields are.
    expect(statusOf(await save("clubs", "[3]", form, coordinator.cookie))).toBe(404);

    await runningCoordinators()!.revoke(coordinator.collegeId, mine.slug);
    expect(statusOf(await visit("clubs", "[2]", coordinator.cookie))).toBe(404);
  });
});

describe("pages a phone can take", () => {
  it("opens every part, and every page it links to, with at most 80 fields each", async () => {
    const { cookie } = await signedIn("member");
    const count = (fields: FieldView[]): number =>
      fields.reduce((sum, field) => {
        if (field.kind === "group") return sum + count(field.children);
        if (field.kind === "list") return sum + count(field.items.map((item) => item.view));
        return sum + (field.kind === "localized" ? 2 : field.kind === "link" || field.kind === "links" ? 0 : 1);
      }, 0);
    const links = (fields: FieldView[]) =>
      fields.flatMap((field) =>
        field.kind === "link" ? [field.href] : field.kind === "links" ? field.items.map((item) => item.href) : [],
      );
    const largest: Record<string, number> = {};
    for (const part of ["site", "clubs", "people", "events", "gallery", "decision-emails"]) {
      const queue = [partPath(part)];
      while (queue.length > 0) {
        const address = queue.shift()!;
        const at = new URL(address, "http://localhost").searchParams.get("at") ?? undefined;
        const page = dataOf<PageData>(await visit(part, at, cookie));
        largest[part] = Math.max(largest[part] ?? 0, count(page.view.fields));
        queue.push(...links(page.view.fields));
      }
    }
    for (const fields of Object.values(largest)) expect(fields).toBeLessThanOrEqual(80);
    // The clubs' list page holds no field: each club is a page of its own.
    expect(count(dataOf<PageData>(await visit("clubs", undefined, cookie)).view.fields)).toBe(0);
  });

  it("shows the page with the Hindi mark labelled, and a refusal's message above the form", async () => {
    const { cookie } = await signedIn("member");
    const loaded = dataOf<Record<string, unknown> & PageData>(await visit("site", undefined, cookie));
    const { form } = await pageForm("site", undefined, cookie);
    const refused = dataOf<EditReply>(await save("site", undefined, changed(form, "aboutBlurb.hi", ""), cookie));
    const html = renderRoute(
      { path: "/council/content/:part", Component: CouncilContentPart, loaderData: loaded, actionData: refused },
      "/council/content/site",
    );
    expect(html).toContain("Nothing was saved: correct the fields marked below.");
    expect(html).toContain("⚠ Hindi missing");
    expect(html).toMatch(/<label[^>]*for="field-aboutBlurb_hi"[^>]*>Hindi \(हिन्दी\)<\/label>/);
    expect(html).toContain('name="__basedOn"');
  });
});

describe("history and restore", () => {
  it("lists what changed and restores an earlier version as a new one", async () => {
    const { cookie } = await signedIn("member");
    const start = (await content().current()).parts.site!;
    const { form } = await pageForm("site", undefined, cookie);
    await save("site", undefined, changed(form, "aboutBlurb.en", "A changed about text."), cookie);
    const history = dataOf<{
      versions: { id: number; changes: { field: string; before: string; after: string }[] }[];
      currentId: number;
    }>(await caught(historyLoader(routeArgs(get("/council/content/site/history", { cookie }), { part: "site" }))));
    expect(history.versions[0]!.changes).toEqual([
      { field: "aboutBlurb.en", before: start.data.aboutBlurb.en, after: "A changed about text." },
    ]);
    const restore = (fields: Fields) =>
      caught(historyAction(routeArgs(post("/council/content/site/history", fields, { cookie }), { part: "site" })));
    expect(statusOf(await restore({ version: String(start.id), basedOn: String(history.currentId - 1) }))).toBe(409);
    expect(statusOf(await restore({ version: "abc", basedOn: "1" }))).toBe(400);
    const clubsVersion = (await content().current()).parts.clubs!.id;
    expect(statusOf(await restore({ version: String(clubsVersion), basedOn: String(history.currentId) }))).toBe(404);
    expect(statusOf(await restore({ version: String(start.id), basedOn: String(history.currentId) }))).toBe(302);
    await vi.waitFor(() => expect(liveSite.aboutBlurb.en).toBe(start.data.aboutBlurb.en));
    const [newest] = await content().history({ part: "site", limit: 1 });
    expect(newest!.id).toBeGreaterThan(history.currentId);
  });

  it("marks a Hindi text older than its English", async () => {
    const { cookie } = await signedIn("member");
    const { form } = await pageForm("site", undefined, cookie);
    await save("site", undefined, changed(form, "tagline.en", "A new English tagline"), cookie);
    const { page } = await pageForm("site", undefined, cookie);
    expect(findField(page.view.fields, "tagline")).toMatchObject({ mark: "older" });
    expect(findField(page.view.fields, "description")).not.toHaveProperty("mark", "older");
  });
});
