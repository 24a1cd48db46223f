import type { SubmissionResult } from "@conform-to/react";
import Database from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import CouncilPage, { action, loader } from "~/routes/council";
import UserProfile, { loader as profileLoader } from "~/routes/user-profile";
import { checkStore, identity, submissions } from "~/server/backend/running-backends.server";
import { decisionEmails } from "~/content/content.server";
import { limits } from "~/server/requests/limits.server";
import { sampleApplication, sampleTeam } from "../backend/samples";
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
  statusOf,
  toastAfter,
} from "../support/routes";

/**
 * "E-mail the decision" at /council (Request in, Response out, this file's own store, which queues e-mails as a site
 * without SMTP does: to the log): the panel under a decided application, the button's POST, once per decision, and
 * what the inbox shows afterwards; bad input answered with a message, never a 500. Ids are read from the page:
 * the store never reuses one.
 */

type PageData = Awaited<ReturnType<typeof loader>>["data"];

// The running app's store makes its tables at its first use: opened first, then the same file, to empty them.
await checkStore();
const database = new Database(process.env.DATABASE_PATH);
afterAll(() => database.close());

beforeEach(async () => {
  database.exec("DELETE FROM applications; DELETE FROM team_members; DELETE FROM teams; DELETE FROM ideas;");
  database.exec("DELETE FROM triage_state; DELETE FROM triage_log; DELETE FROM erasures; DELETE FROM outbox;");
  await limits.reset();
});

const signedIn = newVisitors(identity, "CS28", { mailbox: "decision.member" });

const visit = async (path: string, cookie: string) =>
  dataOf<PageData>(await caught(loader(routeArgs(get(path, { cookie })))));
const press = (fields: Record<string, string>, cookie?: string, path = "/council") =>
  caught(action(routeArgs(post(path, fields, { cookie }))));
const errorsOf = (result: RouteResult) => Object.values(dataOf<SubmissionResult<string[]>>(result).error ?? {}).flat();
const render = (data: PageData, address = "/council") =>
  renderRoute({ path: "/council", Component: CouncilPage, loaderData: data }, address);

const decisionRows = () =>
  database
    .prepare("SELECT kind, recipient, subject, text_body, queued_by, entry_id FROM outbox WHERE kind LIKE 'decision-%'")
    .all() as {
    kind: string;
    recipient: string;
    subject: string;
    text_body: string;
    queued_by: string;
    entry_id: number;
  }[];

/** A new application (its own student), and its entry id as the inbox shows it. */
async function applied(name = "Ananya Sharma", email = "ananya.sharma@example.org"): Promise<string> {
  expect(
    await submissions.applyToCouncil({
      ...sampleApplication,
      name,
      email,
      enrollment: `0187CS23${email.length}${name.length}`,
    }),
  ).toEqual({ ok: true });
  const row = database.prepare("SELECT max(id) AS id FROM applications").get() as { id: number };
  return `application-${row.id}`;
}

const tellForm = (html: string, entry: string) =>
  (html.match(/<form[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g) ?? []).find(
    (form) => form.includes('name="intent" value="tell"') && form.includes(`name="entry" value="${entry}"`),
  );

describe("e-mailing the council's decision to the student", () => {
  it("a decided application shows the exact e-mail and the button; pressing it queues one e-mail and goes back to the entry", async () => {
    const entry = await applied();
    const { cookie, collegeId } = await signedIn({ member: true });

    // Not decided yet: nothing to tell.
    expect(tellForm(render(await visit("/council", cookie)), entry)).toBeUndefined();

    expect(statusOf(await press({ entry, action: "accept" }, cookie))).toBe(302);
    const page = await visit("/council", cookie);
    const [shown] = page.listing.entries;
    if (shown?.section !== "applications") throw new Error("no application");
    const offer = shown.decisionOffer!;
    expect(offer.decision).toBe("accepted");
    expect(offer.mail!.subject).toBe(decisionEmails.accepted.subject.replace("{club}", "Coding Club"));
    expect(offer.mail!.text).toContain("Hello Ananya,");
    const html = render(page);
    expect(html).toContain(offer.mail!.subject);
    expect(html).toContain("Hello Ananya,");
    const form = tellForm(html, entry);
    expect(form).toMatch(/<button type="submit"[^>]*>E-mail the decision to Ananya Sharma<\/button>/);

    const told = await press({ intent: "tell", entry }, cookie, "/council?q=ananya");
    expect(statusOf(told)).toBe(302);
    expect(headersOf(told).get("Location")).toBe(`/council?q=ananya#${entry}`);
    expect(headersOf(told).get("Cache-Control")).toBe("private, no-store");
    expect(await toastAfter(told, "/council")).toMatchObject({
      type: "success",
      message: "The student will be e-mailed that the application was accepted.",
    });
    expect(decisionRows()).toEqual([
      {
        kind: "decision-accepted",
        recipient: "ananya.sharma@example.org",
        subject: offer.mail!.subject,
        text_body: offer.mail!.text,
        queued_by: collegeId,
        entry_id: Number(entry.split("-")[1]),
      },
    ]);

    // Afterwards: no panel, the history says who e-mailed it, the e-mails list it.
    const after = render(await visit("/council", cookie));
    expect(tellForm(after, entry)).toBeUndefined();
    expect(after).toMatch(
      new RegExp(`Decision e-mailed on <time[^>]*>[^<]+ IST</time> by <span class="font-semibold">${collegeId}</span>`),
    );
    expect(after).toMatch(/Decision \(accepted\): (queued|sent), <time/);

    // Pressed again (another tab): a normal answer, nothing more queued.
    const again = await press({ intent: "tell", entry }, cookie);
    expect(statusOf(again)).toBe(302);
    expect(await toastAfter(again, "/council")).toMatchObject({
      type: "success",
      message: "The student was already e-mailed this decision.",
    });
    // Accepting again offers nothing; declining offers the other decision once.
    await press({ entry, action: "decline" }, cookie);
    await press({ entry, action: "accept" }, cookie);
    expect(tellForm(render(await visit("/council", cookie)), entry)).toBeUndefined();
    expect(decisionRows()).toHaveLength(1);
  });

  it.each([
    [
      "an application that does not exist",
      { intent: "tell", entry: "application-999999" },
      404,
      "There is no application 999999.",
    ],
    [
      "an entry that is not an application",
      { intent: "tell", entry: "idea-1" },
      400,
      "Only the decision on a join application can be e-mailed.",
    ],
    ["a team", { intent: "tell", entry: "team-1" }, 400, "Only the decision on a join application can be e-mailed."],
    ["a malformed entry id", { intent: "tell", entry: "application-x" }, 400, "That entry does not exist."],
    ["no entry at all", { intent: "tell" }, 400, "That entry does not exist."],
    [
      "an intent that does not exist",
      { intent: "shout", entry: "application-1" },
      400,
      "Choose Accept, Decline, Mark as seen or Archive.",
    ],
  ])("refuses %s with a message, and queues nothing", async (_case, fields, status, message) => {
    await applied();
    const { cookie } = await signedIn({ member: true });
    const result = await press(fields, cookie);
    expect(statusOf(result)).toBe(status);
    expect(errorsOf(result)).toContain(message);
    expect(decisionRows()).toEqual([]);
  });

  it("refuses an application without a decision yet, under its entry", async () => {
    const entry = await applied();
    const { cookie } = await signedIn({ member: true });
    const result = await press({ intent: "tell", entry }, cookie);
    expect(statusOf(result)).toBe(404);
    expect(errorsOf(result)).toEqual(["Accept or decline the application first, then e-mail the decision."]);
    const html = renderRoute(
      {
        path: "/council",
        Component: CouncilPage,
        loaderData: await visit("/council", cookie),
        actionData: dataOf(result),
      },
      "/council",
    );
    expect(html).toMatch(
      new RegExp(`id="${entry}"[\\s\\S]*role="alert"[^>]*><p>Accept or decline the application first`),
    );
    expect(decisionRows()).toEqual([]);
  });

  it("a student without the council role gets 403 and nothing is queued; a visitor goes to log in", async () => {
    const entry = await applied();
    const { cookie: memberCookie } = await signedIn({ member: true });
    await press({ entry, action: "decline" }, memberCookie);
    const { cookie } = await signedIn({ member: false });
    expect(statusOf(await press({ intent: "tell", entry }, cookie))).toBe(403);
    expect(statusOf(await press({ intent: "tell", entry }))).toBe(302);
    expect(decisionRows()).toEqual([]);
  });
});

describe("what the inbox shows of each entry's e-mails and a team's members", () => {
  it("lists the receipt and the decision of an application, and marks an incomplete team", async () => {
    // An address of its own: the earlier tests' applications used up the day's receipts to the usual one.
    const entry = await applied("Ananya Sharma", "ananya.inbox@example.org");
    const { cookie } = await signedIn({ member: true });
    await press({ entry, action: "decline" }, cookie);
    await press({ intent: "tell", entry }, cookie);
    const html = render(await visit("/council", cookie));
    expect(html).toMatch(/Decision \(declined\): (queued|sent), <time/);
    // The receipt queued when the application arrived, first.
    expect(html).toMatch(/Receipt: (queued|sent), <time[\s\S]*Decision \(declined\)/);

    expect(await submissions.registerTeam(sampleTeam("Pixel Pioneers"))).toMatchObject({ ok: true });
    const team = database.prepare("SELECT max(id) AS id FROM teams").get() as { id: number };
    database
      .prepare("UPDATE team_members SET confirmed_at = ? WHERE team_id = ? AND email = ?")
      .run("2026-11-20T04:30:00.000Z", team.id, "pixelpioneers.member2@example.org");
    const full = render(await visit("/council?section=teams", cookie), "/council?section=teams");
    expect(full).toContain("Confirmed <time");
    expect(full).toContain("20 Nov 2026");
    expect(full).not.toContain("Incomplete:");
    database
      .prepare("DELETE FROM team_members WHERE team_id = ? AND email = ?")
      .run(team.id, "pixelpioneers.member6@example.org");
    const incomplete = render(await visit("/council?section=teams", cookie), "/council?section=teams");
    expect(incomplete).toContain("Incomplete: 5 of 6 members");
  });
});

describe("searching by e-mail address and phone number", () => {
  it("finds an application by its e-mail or phone however the number is typed, and says the search looks there", async () => {
    await applied("Ananya Sharma", "ananya.sharma@example.org");
    await applied("Kabir Khan", "kabir.khan@example.org");
    database.prepare("UPDATE applications SET phone = '+919876543210' WHERE email = 'ananya.sharma@example.org'").run();
    const { cookie } = await signedIn({ member: true });
    for (const q of ["ananya.sharma@example", "98765 43210", "+91 9876543210"]) {
      const page = await visit(`/council?q=${encodeURIComponent(q)}`, cookie);
      expect(
        page.listing.entries.map((entry) => entry.section === "applications" && entry.application.name),
        q,
      ).toEqual(["Ananya Sharma"]);
    }
    const html = render(await visit("/council", cookie));
    expect(html).toContain("By name, enrollment number, e-mail or phone number.");
  });
});

describe("a council member's way to the inbox", () => {
  it("the profile links to /council for a member only", async () => {
    const profile = async (cookie: string) => {
      const result = await caught(profileLoader(routeArgs(get("/userProfile", { cookie }))));
      const data = dataOf<{ councilInbox: boolean }>(result);
      const html = renderRoute({ path: "/userProfile", Component: UserProfile, loaderData: data });
      return { linked: data.councilInbox, html, cacheControl: headersOf(result).get("Cache-Control") };
    };
    const member = await profile((await signedIn({ member: true })).cookie);
    expect(member.linked).toBe(true);
    expect(member.html).toMatch(/<a[^>]*href="\/council"[^>]*>Council inbox<\/a>/);
    expect(member.cacheControl).toBe("private, no-store");
    const student = await profile((await signedIn({ member: false })).cookie);
    expect(student.linked).toBe(false);
    expect(student.html).not.toContain('href="/council"');
  });
});
