import type { SubmissionResult } from "@conform-to/react";
import { deliveryAt } from "~/delivery/route-deliveries.server";
import Database from "better-sqlite3";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/server/ops/log.server";
import CouncilPage, { action, ErrorBoundary, loader, meta } from "~/routes/council";
import { pageHeaders } from "~/delivery/headers.server";
import { loader as exportLoader } from "~/routes/council-export";
import { action as joinAction } from "~/routes/join";
import { action as teamAction } from "~/routes/sih-registration";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { loader as hindiCouncilLoader } from "~/routes/hindi-council";
import { checkStore, identity, inbox, submissions } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { publicPaths } from "~/content/content.server";
import { createPageCache } from "~/delivery/page-cache.server";
import { sampleApplication, sampleTeam } from "../backend/samples";
import { forms } from "../fuzz/hostile-forms";
import {
  caught,
  dataOf,
  get,
  headersOf,
  newVisitors,
  post,
  renderRoute,
  type RouteResult,
  routeArgs,
  signedInCookie,
  statusOf,
  toastAfter,
} from "../support/routes";

/** The headers a page of this route is answered with: its delivery's (app/delivery/delivery.ts). */
const headers = (_args?: unknown) =>
  new Headers(pageHeaders(deliveryAt("/council")!, { nonce: undefined, production: false }));

/**
 * The council inbox's route against a real built-in store (this file's own temporary database, see
 * tests/setup/environment.ts): who may see it, triage through the submission pipeline, pages, search, the CSV.
 */

let applicants = 0;
/** An application from a student of its own: the store keeps one application per e-mail and enrollment number. */
function anotherApplicant(name: string) {
  applicants += 1;
  return {
    ...sampleApplication,
    name,
    email: `applicant.${applicants}@example.org`,
    enrollment: `0187EC24${String(applicants).padStart(4, "0")}`,
  };
}

type PageData = Awaited<ReturnType<typeof loader>>["data"];

/** The inbox page as the server renders it at `address`, from the loader's (and the action's) data. */
const renderInbox = (data: PageData, address: string, actionData?: unknown) =>
  renderRoute({ path: "/council", Component: CouncilPage, loaderData: data, actionData }, address);

// The running app's store makes its tables at its first use: opened first, then the same file, to empty them.
await checkStore();
const database = new Database(process.env.DATABASE_PATH);
afterAll(() => database.close());

beforeEach(async () => {
  // Every test starts with an empty inbox, its ids from 1 again (accounts stay: each test names its own).
  database.exec("DELETE FROM applications; DELETE FROM team_members; DELETE FROM teams; DELETE FROM ideas;");
  database.exec("DELETE FROM suggestions; DELETE FROM triage_state; DELETE FROM triage_log; DELETE FROM erasures;");
  // The store never reuses an id (AUTOINCREMENT): these tests' emptied tables count from 1 again.
  database.exec("DELETE FROM sqlite_sequence;");
  await limits.reset();
});

/** A signed-in visitor's Cookie header: a new account, with the council role when `member`. */
const signedIn = newVisitors(identity, "CS29");

const visit = (path: string, cookie?: string) => caught(loader(routeArgs(get(path, { cookie }))));

const triage = (fields: Record<string, string>, cookie?: string, path = "/council", headers?: Record<string, string>) =>
  caught(action(routeArgs(post(path, fields, { cookie, headers }))));

const download = (file: string, cookie?: string) =>
  caught(exportLoader(routeArgs(get(`/council/export/${file}`, { cookie }), { file })));

const errorsOf = (result: RouteResult) => Object.values(dataOf<SubmissionResult<string[]>>(result).error ?? {}).flat();

async function statusesOf(section: "applications" | "ideas") {
  const listed = await inbox!.list({ section, page: 1, pageSize: 100 });
  if (!listed.ok) throw new Error("list failed");
  return listed.value.entries.map((entry) => `${entry.id} ${entry.status} ${entry.history.length}`);
}

const idea = (title: string, name = "Meera Joshi", enrollment = "0187CS231007") => ({
  name,
  enrollment,
  college: "TIT",
  title,
  description: "A shared board for found items.",
  impact: "Lost ID cards get back to their owners.",
});

describe("who may open /council", () => {
  it("a visitor who is not signed in goes to /login, to come back to the same address afterwards", async () => {
    const result = await visit("/council?section=ideas&q=solar");
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/login?redirectTo=%2Fcouncil%3Fsection%3Dideas%26q%3Dsolar");
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
  });

  it("a session the store no longer knows goes to /login too, and its cookie is cleared", async () => {
    const stale = await signedInCookie("token-nobody-issued");
    const result = await visit("/council", stale);
    expect(headersOf(result).get("Location")).toBe("/login?redirectTo=%2Fcouncil");
    expect(headersOf(result).get("Set-Cookie")).toMatch(/^__session=;/);
  });

  it("a signed-in student without the council role gets 403 with a short explanation and nothing from the inbox", async () => {
    await submissions.applyToCouncil(sampleApplication);
    const { cookie } = await signedIn({ member: false });
    const result = await visit("/council", cookie);
    expect(statusOf(result)).toBe(403);
    const body = await (result as Response).text();
    expect(body).toContain("only for council members");
    expect(body).not.toContain(sampleApplication.name);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");

    // The same for a triage and a download: the door is the same.
    expect(statusOf(await triage({ entry: "application-1", action: "accept" }, cookie))).toBe(403);
    expect(statusOf(await download("applications.csv", cookie))).toBe(403);
    expect(await statusesOf("applications")).toEqual(["application-1 new 0"]);
  });

  it("a member sees the inbox, privately: never cached, never indexed", async () => {
    await submissions.applyToCouncil(sampleApplication);
    const { cookie, collegeId } = await signedIn({ member: true });
    const result = await visit("/council", cookie);
    expect(statusOf(result)).toBe(200);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    const page = dataOf<PageData>(result);
    expect(page.member).toBe(collegeId);
    expect(page.summary.applications).toEqual({ total: 1, new: 1 });
    expect(page.listing.entries).toMatchObject([{ id: "application-1", application: sampleApplication }]);

    const documentHeaders = new Headers(
      headers({
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(documentHeaders.get("Cache-Control")).toBe("private, no-store");
    expect(documentHeaders.get("X-Robots-Tag")).toBe("noindex");
    expect(meta({ matches: [] } as never)).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("a revoked role counts at the member's very next request, without signing out", async () => {
    const { cookie, collegeId } = await signedIn({ member: true });
    expect(statusOf(await visit("/council", cookie))).toBe(200);
    expect((await identity.revokeCouncilRole(collegeId)).ok).toBe(true);
    expect(statusOf(await visit("/council", cookie))).toBe(403);
    expect(statusOf(await download("ideas.csv", cookie))).toBe(403);
    expect((await identity.grantCouncilRole(collegeId)).ok).toBe(true);
    expect(statusOf(await visit("/council", cookie))).toBe(200);
  });

  it("its Hindi addresses lead to the English pages, which stay English, and never off the site", () => {
    for (const [path, english] of [
      ["/hi/council", "/council"],
      ["/hi/council/accounts", "/council/accounts"],
      ["/hi/council//evil.example", "/council//evil.example"],
    ] as const) {
      const response = hindiCouncilLoader(routeArgs(get(path)));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(english);
    }
  });

  it("is in neither the sitemap nor the page cache", async () => {
    expect(await sitemapLoader().text()).not.toContain("/council");
    const cache = createPageCache({ canonicalPaths: publicPaths() });
    const rendered = new Response("<html><body>inbox</body></html>", {
      headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" },
    });
    await cache.middleware(routeArgs(get("/council")), () => Promise.resolve(rendered));
    expect(cache.size).toBe(0);
  });
});

describe("triage through the submission pipeline", () => {
  it("accepting an application records who and when, and goes back to the entry with a toast", async () => {
    await submissions.applyToCouncil(sampleApplication);
    const { cookie, collegeId } = await signedIn({ member: true });
    const result = await triage({ entry: "application-1", action: "accept" }, cookie, "/council?q=diya&page=1");

    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/council?q=diya#application-1");
    expect(await toastAfter(result, "/council")).toMatchObject({
      type: "success",
      message: "Application accepted.",
    });

    const [entry] = dataOf<PageData>(await visit("/council", cookie)).listing.entries;
    expect(entry).toMatchObject({ status: "accepted", history: [{ action: "accept", by: collegeId }] });

    const again = await triage({ entry: "application-1", action: "accept" }, cookie);
    expect(await toastAfter(again, "/council")).toMatchObject({
      message: "This application was already accepted.",
    });
    expect(await statusesOf("applications")).toEqual(["application-1 accepted 1"]);
  });

  it("marks a team, an idea and a suggestion seen or archived", async () => {
    await submissions.registerTeam(sampleTeam("Pixel Pioneers"));
    await submissions.shareIdea(idea("Solar benches"));
    await submissions.sendSuggestion({
      name: "Ravi",
      enrollment: "0187IT221042",
      college: "TIT",
      problem: "Dark.",
      solution: "Lamps.",
    });
    const { cookie } = await signedIn({ member: true });
    for (const [entry, action] of [
      ["team-1", "seen"],
      ["idea-1", "archive"],
      ["suggestion-1", "seen"],
    ]) {
      expect(statusOf(await triage({ entry: entry!, action: action! }, cookie))).toBe(302);
    }
    const summary = dataOf<PageData>(await visit("/council", cookie)).summary;
    expect(summary.teams.new + summary.ideas.new + summary.suggestions.new).toBe(0);
  });

  it.each([
    ["a malformed entry id", { entry: "application-abc", action: "accept" }, 400, "That entry does not exist."],
    ["an entry id of no section", { entry: "robot-1", action: "accept" }, 400, "That entry does not exist."],
    ["no entry at all", { action: "accept" }, 400, "That entry does not exist."],
    [
      "an action that does not exist",
      { entry: "application-1", action: "delete" },
      400,
      "Choose Accept, Decline, Mark as seen or Archive.",
    ],
    [
      "accepting an idea",
      { entry: "idea-1", action: "accept" },
      400,
      "An idea can only be marked as seen or archived.",
    ],
    [
      "archiving an application",
      { entry: "application-1", action: "archive" },
      400,
      "An application can only be accepted or declined.",
    ],
    ["an idea id that only the applications have", { entry: "idea-2", action: "seen" }, 404, "There is no idea 2."],
    // Beyond the largest row id (a 32-bit integer), on PostgreSQL too (tests/backend/built-in-inbox.test.ts).
    ["a twelve-digit entry id", { entry: "idea-999999999999", action: "seen" }, 404, "There is no idea 999999999999."],
  ] as const)("refuses %s with a message and changes nothing", async (_case, fields, status, message) => {
    await submissions.applyToCouncil(sampleApplication);
    await submissions.applyToCouncil(anotherApplicant("Second Applicant"));
    await submissions.shareIdea(idea("Solar benches"));
    const { cookie } = await signedIn({ member: true });
    const result = await triage(fields, cookie);
    expect(statusOf(result)).toBe(status);
    expect(errorsOf(result)).toContain(message);
    // The page answering it is private whatever the action returned (the route's headers export).
    expect(
      new Headers(
        headers({
          actionHeaders: headersOf(result),
          loaderHeaders: new Headers(),
          parentHeaders: new Headers(),
          errorHeaders: undefined,
        }),
      ).get("Cache-Control"),
    ).toBe("private, no-store");
    expect(await statusesOf("applications")).toEqual(["application-2 new 0", "application-1 new 0"]);
    expect(await statusesOf("ideas")).toEqual(["idea-1 new 0"]);
  });

  it("refuses an oversized body with 413 before reading it, and changes nothing", async () => {
    await submissions.applyToCouncil(sampleApplication);
    const { cookie } = await signedIn({ member: true });
    const result = await caught(
      triage({ entry: "application-1", action: "accept", padding: "x".repeat(10_000) }, cookie).catch(
        (thrown: unknown) => thrown as RouteResult,
      ),
    );
    expect(statusOf(result)).toBe(413);
    expect(errorsOf(result)).toEqual(["The form is too large to send. Please shorten it and try again."]);
    expect(await statusesOf("applications")).toEqual(["application-1 new 0"]);
  });

  it("counts against the council rate limit: past 300 changes in 10 minutes from one client, 429", async () => {
    await submissions.applyToCouncil(sampleApplication);
    const { cookie } = await signedIn({ member: true });
    const from = { "X-Client-Address": "198.51.100.77" };
    for (let count = 0; count < 300; count += 1) {
      const action = count % 2 === 0 ? "accept" : "decline";
      expect(statusOf(await triage({ entry: "application-1", action }, cookie, "/council", from))).toBe(302);
    }
    const refused = await triage({ entry: "application-1", action: "accept" }, cookie, "/council", from);
    expect(statusOf(refused)).toBe(429);
    expect(headersOf(refused).get("Retry-After")).toMatch(/^\d+$/);
    expect(await statusesOf("applications")).toEqual(["application-1 declined 300"]);
  }, 60_000);
});

describe("pages and search", () => {
  it("shows 20 entries a page, newest first, with links kept to the section and search", async () => {
    for (let index = 1; index <= 45; index += 1) await submissions.shareIdea(idea(`Idea ${index}`));
    const { cookie } = await signedIn({ member: true });
    const first = dataOf<PageData>(await visit("/council?section=ideas", cookie)).listing;
    expect(first).toMatchObject({ section: "ideas", total: 45, page: 1, pageCount: 3 });
    expect(first.entries.map((entry) => entry.id).slice(0, 2)).toEqual(["idea-45", "idea-44"]);
    const third = dataOf<PageData>(await visit("/council?section=ideas&page=3", cookie)).listing;
    expect(third.entries).toHaveLength(5);
    // Nonsense in the address falls back instead of failing.
    const odd = dataOf<PageData>(await visit("/council?section=nope&page=-4", cookie)).listing;
    expect(odd).toMatchObject({ section: "applications", page: 1 });
  });

  it("searches by name, enrollment number or title, and counts the matches of every section", async () => {
    await submissions.shareIdea(idea("Solar benches", "Meera Joshi", "0187CS231007"));
    await submissions.shareIdea(idea("Peer tutoring", "दिया पटेल", "0187EC221001"));
    await submissions.applyToCouncil(anotherApplicant("Solar Singh"));
    const { cookie } = await signedIn({ member: true });
    const search = async (q: string) => {
      const page = dataOf<PageData>(await visit(`/council?section=ideas&q=${encodeURIComponent(q)}`, cookie));
      return page.listing.entries.map((entry) => (entry.section === "ideas" ? entry.idea.title : entry.id));
    };
    expect(await search("meera")).toEqual(["Solar benches"]);
    expect(await search("0187EC22")).toEqual(["Peer tutoring"]);
    expect(await search("tutor")).toEqual(["Peer tutoring"]);
    expect(await search("दिया")).toEqual(["Peer tutoring"]);
    const page = dataOf<PageData>(await visit("/council?section=ideas&q=solar", cookie));
    expect(page.search).toBe("solar");
    expect(page.summary.ideas).toMatchObject({ total: 2, matching: 1 });
    expect(page.summary.applications).toMatchObject({ total: 1, matching: 1 });
  });
});

describe("the inbox page", () => {
  function render(data: PageData, actionData?: unknown, address = "/council") {
    return renderInbox(data, address, actionData);
  }

  async function pageFor(path: string) {
    const { cookie } = await signedIn({ member: true });
    return dataOf<PageData>(await visit(path, cookie));
  }

  it("shows every field of an application, its history and its triage buttons as POST forms", async () => {
    await submissions.applyToCouncil(sampleApplication);
    await submissions.applyToCouncil(anotherApplicant("Kabir Khan"));
    const { collegeId } = await signedIn({ member: true });
    await inbox!.triage({ entryId: "application-1", action: "accept", by: collegeId });
    const html = render(await pageFor("/council"));

    const { phone, ...rest } = sampleApplication;
    for (const value of Object.values(rest))
      if (typeof value === "string") expect(html).toContain(value.replace("'", "&#x27;"));
    // Stored as ten digits (how applications were kept before the one phone rule), shown the one way.
    expect(phone).toBe("9123456780");
    expect(html).toContain("><bdi>+91 91234 56780</bdi></dd>");
    expect(html).toContain(`Accepted by <span class="font-semibold">${collegeId}</span>`);
    expect(html).toContain("Not handled yet.");
    const forms = html.match(/<form[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g) ?? [];
    // Each entry's triage form, and the accepted one's "E-mail the decision".
    expect(forms).toHaveLength(3);
    expect(forms[2]).toContain('name="intent" value="tell"');
    expect(forms[1]).toContain('name="entry" value="application-1"');
    const [accept, decline] = forms[1]!.match(/<button[^>]*>/g) ?? [];
    // Already accepted: Accept is disabled, Decline (changing one's mind) is not.
    for (const attribute of ['type="submit"', 'name="action"', 'value="accept"', 'disabled=""'])
      expect(accept).toContain(attribute);
    for (const attribute of ['type="submit"', 'name="action"', 'value="decline"']) expect(decline).toContain(attribute);
    expect(decline).not.toContain("disabled=");
    expect(html).toContain('href="/council/export/applications.csv"');
    expect(html).toMatch(/<form role="search"[^>]*action="\/council" method="get"/);
    expect(html).toMatch(/1 new · 2 in all/);
  });

  it("shows a team with each member", async () => {
    await submissions.registerTeam(sampleTeam("Pixel Pioneers"));
    const html = render(await pageFor("/council?section=teams"));
    expect(html).toContain("Members (6)");
    for (let member = 1; member <= 6; member += 1) expect(html).toContain(`pixelpioneers.member${member}@example.org`);
    expect(html).toContain(">leader<");
  });

  it("links the other pages, keeping the section and the search", async () => {
    for (let index = 1; index <= 25; index += 1) await submissions.shareIdea(idea(`Solar ${index}`));
    const html = render(await pageFor("/council?section=ideas&q=solar"), undefined, "/council?section=ideas&q=solar");
    expect(html).toContain('href="/council?section=ideas&amp;q=solar&amp;page=2"');
    expect(html).toContain("Page 1 of 2");
    // A triage posts to the same address, so the member comes back to the same section, search and page.
    expect(html).toMatch(/<form[^>]*action="\/council\?section=ideas&amp;q=solar" method="post"/);
  });

  it("shows a refused triage under the entry it was about", async () => {
    await submissions.shareIdea(idea("Solar benches"));
    const html = render(await pageFor("/council?section=ideas"), {
      status: "error",
      initialValue: { entry: "idea-1", action: "accept" },
      error: { action: ["An idea can only be marked as seen or archived."] },
    });
    expect(html).toMatch(/id="idea-1"[\s\S]*role="alert"[^>]*><p>An idea can only be marked as seen or archived.<\/p>/);
  });

  it("a student without the role reads why, in a page of its own", () => {
    const Stub = createRoutesStub([
      {
        id: "council",
        path: "/council",
        Component: CouncilPage as ComponentType,
        ErrorBoundary: ErrorBoundary as ComponentType,
        loader: () => {
          throw new Response("The council inbox is only for council members.", { status: 403 });
        },
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/council"],
        hydrationData: {
          errors: {
            council: {
              status: 403,
              statusText: "",
              internal: false,
              data: "The council inbox is only for council members.",
            },
          },
        },
      }),
    );
    expect(html).toContain("Council members only");
    expect(html).toContain("The council inbox is only for council members.");
  });
});

describe("what students send, as the inbox shows it", () => {
  const send = (path: string, fields: [string, string][], action: (args: ReturnType<typeof routeArgs>) => unknown) =>
    caught(action(routeArgs(post(path, fields))));
  /** A form's honest entries (the ones the fuzz tests start from) with one field changed. */
  const honest = (form: "join" | "team", name: string, value: string): [string, string][] =>
    forms[form]!.valid.map(([field, sent]) => [field, field === name ? value : (sent as string)]);
  const application = (name: string) => honest("join", "name", name);
  const team = (teamName: string) => honest("team", "teamName", teamName);

  it("a name sent with NUL and escape characters is kept without them, found by the search and clean in the CSV", async () => {
    expect(statusOf(await send("/join", application("a\u0000b\u0001c\u001Bd"), joinAction))).toBe(302);
    const { cookie } = await signedIn({ member: true });
    const found = dataOf<PageData>(await visit("/council?section=applications&q=abcd", cookie)).listing.entries;
    expect(found.map((entry) => (entry.section === "applications" ? entry.application.name : entry.id))).toEqual([
      "abcd",
    ]);
    const csv = await ((await download("applications.csv", cookie)) as Response).text();
    expect(csv).toContain('"abcd"');
    // Nothing but the CSV's own line ends (the pattern names the control characters it looks for).
    // eslint-disable-next-line no-control-regex
    expect(csv).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
  });

  it("a team named with a right-to-left override is kept without it", async () => {
    expect(statusOf(await send("/sih/registration", team("\u202Etxt.exe3"), teamAction))).toBe(302);
    const { cookie } = await signedIn({ member: true });
    const [entry] = dataOf<PageData>(await visit("/council?section=teams", cookie)).listing.entries;
    expect(entry?.section === "teams" && entry.team.teamName).toBe("txt.exe3");
  });

  it("shows student text direction-isolated, so an override kept from before cannot turn the page's words around", async () => {
    await submissions.registerTeam(sampleTeam("\u202Etxt.exe3"));
    const { cookie } = await signedIn({ member: true });
    const page = dataOf<PageData>(await visit("/council?section=teams", cookie));
    const html = renderInbox(page, "/council?section=teams");
    expect(html).toMatch(/<h3[^>]*><bdi>\u202Etxt\.exe3<\/bdi><\/h3>/);
    expect(html).toContain("<bdi>Member 1</bdi>");
    // Every text on the page holding the override is isolated (a button's aria-label is read out, never laid out).
    const holders = [...html.matchAll(/(<[^>]+>)[^<]*\u202E/g)].map((match) => match[1]);
    expect(holders.length).toBeGreaterThanOrEqual(2);
    expect(holders.every((tag) => tag === "<bdi>")).toBe(true);
  });
});

describe("erasing an entry on a student's request", () => {
  const render = renderInbox;
  // The question names the entry and whose it is; what the student typed is isolated.
  const question =
    "Erase the idea “<bdi>Solar benches</bdi>” of <bdi>Meera Joshi</bdi> for good? Only do this when the student " +
    "asked for it. It cannot be undone.";

  it("each entry has an Erase link to its confirmation step, which only asks: nothing is erased by the link", async () => {
    await submissions.shareIdea(idea("Solar benches"));
    await submissions.shareIdea(idea("Night buses", "Kabir Khan", "0187CS231008"));
    const { cookie } = await signedIn({ member: true });

    const listed = dataOf<PageData>(await visit("/council?section=ideas&q=&page=1", cookie));
    expect(listed.confirmErase).toBeNull();
    const html = render(listed, "/council?section=ideas");
    expect(html).toContain('href="/council?section=ideas&amp;erase=idea-1#idea-1-erase"');
    expect(html).toContain('href="/council?section=ideas&amp;erase=idea-2#idea-2-erase"');
    expect(html).not.toContain("for good? Only do this");

    const asking = dataOf<PageData>(await visit("/council?section=ideas&erase=idea-1", cookie));
    expect(asking.confirmErase).toBe("idea-1");
    expect(await statusesOf("ideas")).toEqual(["idea-2 new 0", "idea-1 new 0"]);
    const confirming = render(asking, "/council?section=ideas&erase=idea-1");
    expect(confirming.split(question)).toHaveLength(2);
    const form =
      /<form[^>]*method="post"[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="erase"[\s\S]*?<\/form>/.exec(
        confirming,
      )?.[0] ?? "";
    expect(form).toContain('name="entry" value="idea-1"');
    expect(form).toMatch(/<button type="submit"[^>]*>Erase for good<\/button>/);
    expect(form).toMatch(/<a[^>]*href="\/council\?section=ideas#idea-1"[^>]*>Cancel<\/a>/);
    // The other entry keeps its plain Erase link.
    expect(confirming).toContain('href="/council?section=ideas&amp;erase=idea-2#idea-2-erase"');
  });

  it("asks for no entry when the one named is not on the page", async () => {
    await submissions.shareIdea(idea("Solar benches"));
    const { cookie } = await signedIn({ member: true });
    expect(dataOf<PageData>(await visit("/council?section=ideas&erase=idea-7", cookie)).confirmErase).toBeNull();
    expect(dataOf<PageData>(await visit("/council?section=applications&erase=idea-1", cookie)).confirmErase).toBeNull();
  });

  it("a member erases: the entry is gone, the member goes back to the section with a toast, the section lists the erasure without the entry's data", async () => {
    await submissions.shareIdea(idea("Solar benches", "Meera Joshi"));
    await submissions.shareIdea(idea("Night buses", "Kabir Khan", "0187CS231008"));
    const { cookie, collegeId } = await signedIn({ member: true });
    await inbox!.triage({ entryId: "idea-1", action: "seen", by: collegeId });

    const result = await triage({ intent: "erase", entry: "idea-1" }, cookie, "/council?section=ideas&q=&erase=idea-1");
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/council?section=ideas");
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    expect(await toastAfter(result, "/council")).toMatchObject({
      type: "success",
      message: "The entry was erased.",
    });

    expect(await statusesOf("ideas")).toEqual(["idea-2 new 0"]);
    const page = dataOf<PageData>(await visit("/council?section=ideas", cookie));
    expect(page.erasures).toEqual([
      { section: "ideas", what: "entry", reason: "council-request", at: expect.any(String) as string },
    ]);
    const html = render(page, "/council?section=ideas");
    expect(html).toMatch(
      /Recently erased<\/h3><ul[^>]*><li>Erased on request, <time dateTime="[^"]+">\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST<\/time><\/li><\/ul>/,
    );
    expect(html).not.toContain("Solar benches");
    expect(html).not.toContain("Meera Joshi");
    expect(html).toContain("Night buses");
    // Other sections list only their own erasures.
    expect(dataOf<PageData>(await visit("/council?section=applications", cookie)).erasures).toEqual([]);
  });

  it("reads each kind of erasure the store records, newest first", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = dataOf<PageData>(await visit("/council?section=teams", cookie));
    const html = render(
      {
        ...page,
        erasures: [
          { section: "teams", what: "member", reason: "student-request", at: "2026-11-24T10:00:00.000Z" },
          { section: "teams", what: "entry", reason: "retention", at: "2026-11-23T18:30:00.000Z" },
          { section: "teams", what: "entry", reason: "student-request", at: "2026-11-22T09:00:00.000Z" },
        ],
      },
      "/council?section=teams",
    );
    expect(html).toContain("<li>A member&#x27;s details erased on request, <time");
    expect(html).toContain(">24 Nov 2026, 15:30 IST</time>");
    expect(html).toContain("<li>Deleted after its retention period, <time");
    expect(html).toContain(">24 Nov 2026, 00:00 IST</time>");
    expect(html).toContain("<li>Erased on request, <time");
  });

  it("a student without the council role gets 403 and nothing is erased; a visitor goes to log in", async () => {
    await submissions.shareIdea(idea("Solar benches"));
    const { cookie } = await signedIn({ member: false });
    expect(statusOf(await triage({ intent: "erase", entry: "idea-1" }, cookie))).toBe(403);
    expect(statusOf(await visit("/council?section=ideas&erase=idea-1", cookie))).toBe(403);
    expect(statusOf(await triage({ intent: "erase", entry: "idea-1" }))).toBe(302);
    expect(await statusesOf("ideas")).toEqual(["idea-1 new 0"]);
    const { cookie: memberCookie } = await signedIn({ member: true });
    expect(dataOf<PageData>(await visit("/council?section=ideas", memberCookie)).erasures).toEqual([]);
  });

  it.each([
    ["an entry that does not exist", { intent: "erase", entry: "idea-9" }, 404, "There is no idea 9."],
    [
      "an entry id beyond the largest row id",
      { intent: "erase", entry: "idea-2147483648" },
      404,
      "There is no idea 2147483648.",
    ],
    ["an entry already erased", { intent: "erase", entry: "idea-1", again: "1" }, 404, "There is no idea 1."],
    ["a malformed entry id", { intent: "erase", entry: "idea-x" }, 400, "That entry does not exist."],
    ["no entry at all", { intent: "erase" }, 400, "That entry does not exist."],
    [
      "an intent that does not exist",
      { intent: "destroy", entry: "idea-2" },
      400,
      "Choose Accept, Decline, Mark as seen or Archive.",
    ],
  ] as const)("refuses %s with a message and erases nothing", async (_case, fields, status, message) => {
    await submissions.shareIdea(idea("Solar benches"));
    await submissions.shareIdea(idea("Night buses", "Kabir Khan", "0187CS231008"));
    const { cookie } = await signedIn({ member: true });
    const { again, ...sent } = fields as Record<string, string>;
    if (again) expect(statusOf(await triage({ intent: "erase", entry: "idea-1" }, cookie))).toBe(302);
    const result = await triage(sent, cookie, "/council?section=ideas");
    expect(statusOf(result)).toBe(status);
    expect(errorsOf(result)).toContain(message);
    expect(await statusesOf("ideas")).toEqual(again ? ["idea-2 new 0"] : ["idea-2 new 0", "idea-1 new 0"]);
    const html = render(
      dataOf<PageData>(await visit("/council?section=ideas", cookie)),
      "/council?section=ideas",
      dataOf(result),
    );
    expect(html).toMatch(new RegExp(`role="alert"[^>]*><p>${message.replace(".", "\\.")}</p>`));
  });

  it("the CSV no longer holds an erased entry", async () => {
    await submissions.shareIdea(idea("Solar benches", "Meera Joshi"));
    await submissions.shareIdea(idea("Night buses", "Kabir Khan", "0187CS231008"));
    const { cookie } = await signedIn({ member: true });
    const before = await ((await download("ideas.csv", cookie)) as Response).text();
    expect(before).toContain("Solar benches");
    expect(statusOf(await triage({ intent: "erase", entry: "idea-1" }, cookie, "/council?section=ideas"))).toBe(302);
    const after = await ((await download("ideas.csv", cookie)) as Response).text();
    expect(after).toContain('"idea-2"');
    expect(after).toContain("Night buses");
    expect(after).not.toContain("idea-1");
    expect(after).not.toContain("Solar benches");
    expect(after).not.toContain("Meera Joshi");
  });

  it("erases a team with its members, gone from the team CSV", async () => {
    await submissions.registerTeam(sampleTeam("Pixel Pioneers"));
    const { cookie } = await signedIn({ member: true });
    expect(
      statusOf(await triage({ intent: "erase", entry: "team-1" }, cookie, "/council?section=teams&erase=team-1")),
    ).toBe(302);
    const csv = await ((await download("teams.csv", cookie)) as Response).text();
    expect(csv).not.toContain("Pixel Pioneers");
    expect(csv).not.toContain("pixelpioneers.member");
    expect(database.prepare("SELECT count(*) AS count FROM team_members").get()).toEqual({ count: 0 });
  });
});

describe("CSV export", () => {
  it("downloads a section as a spreadsheet, with a BOM, the date in the name, and a planted formula neutralised", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-23T20:00:00Z")); // already 24 November in India
    try {
      await submissions.shareIdea(idea('=HYPERLINK("http://evil.example","Click")', "आरव शर्मा"));
      const { cookie } = await signedIn({ member: true });
      const response = (await download("ideas.csv", cookie)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="council-ideas-2025-11-24.csv"');
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = await response.text();
      expect(text.split("\r\n")[0]).toBe(
        '"Entry","Received (IST)","Status","History","Your Name","Enrollment Number","College Name","Title of Your Idea",' +
          '"Describe your idea","What impact or change will this idea bring?"',
      );
      expect(text).toContain('"idea-1","2025-11-24 01:30","New","","आरव शर्मा"');
      expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists a team's members one per row, with the team's status and history", async () => {
    await submissions.registerTeam(sampleTeam("Pixel Pioneers"));
    const { cookie, collegeId } = await signedIn({ member: true });
    await inbox!.triage({ entryId: "team-1", action: "seen", by: collegeId });
    const lines = (await ((await download("teams.csv", cookie)) as Response).text()).trim().split("\r\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toContain(
      '"Team Name","Category","Description","Member","Role","Name","Email","Phone (+91)","Gender","Institution","Skills"',
    );
    expect(lines[1]).toMatch(
      new RegExp(`^"team-1","[^"]+","Seen","Marked as seen by ${collegeId} on [^"]+ IST","Pixel Pioneers","design"`),
    );
    expect(lines[6]).toContain('"6","member","Member 6","pixelpioneers.member6@example.org"');
  });

  it("has no .data twin: React Router's client-navigation form of the download answers 404, even to a member", async () => {
    await submissions.applyToCouncil(anotherApplicant("Twin Check"));
    const { cookie } = await signedIn({ member: true });
    // How React Router hands such a request to the loader: the address as sent, the params without ".data".
    const request = get("/council/export/applications.csv.data", { cookie });
    const result = await caught(exportLoader(routeArgs(request, { file: "applications.csv" })));
    expect(statusOf(result)).toBe(404);
    expect(await (result as Response).text()).not.toContain("Twin Check");
    expect(statusOf(await download("applications.csv", cookie))).toBe(200);
  });

  it("answers 404 for a section that does not exist, and sends visitors who are not signed in to log in", async () => {
    const { cookie } = await signedIn({ member: true });
    expect(statusOf(await download("accounts.csv", cookie))).toBe(404);
    expect(statusOf(await download("ideas.txt", cookie))).toBe(404);
    const anonymous = await download("ideas.csv");
    expect(headersOf(anonymous).get("Location")).toBe("/login?redirectTo=%2Fcouncil%2Fexport%2Fideas.csv");
  });
});

describe("with the council API (COUNCIL_API_URL)", () => {
  it("/council answers 404 and the start-up log says the inbox is off", async () => {
    vi.resetModules();
    vi.stubEnv("COUNCIL_API_URL", "http://127.0.0.1:9");
    const logged = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      const route = await import("~/routes/council");
      const exported = await import("~/routes/council-export");
      // The start-up lines are the composition root's, written when the app is composed (at start, or first use).
      (await import("~/server/app.server")).runningApp();
      expect(logged.mock.calls.flat().join("\n")).toContain("Council inbox: off");
      const cookie = await signedInCookie("council_session=x");
      expect(statusOf(await caught(route.loader(routeArgs(get("/council", { cookie })))))).toBe(404);
      const file = get("/council/export/ideas.csv");
      expect(statusOf(await caught(exported.loader(routeArgs(file, { file: "ideas.csv" }))))).toBe(404);
    } finally {
      logged.mockRestore();
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
