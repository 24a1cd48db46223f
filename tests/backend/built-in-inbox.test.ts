import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openBuiltInStore } from "~/server/backend/built-in-store.server";
import type { IdeaSubmission, Suggestion } from "~/server/backend/council-backend.server";
import type { InboxEntry } from "~/server/backend/council-inbox.server";
import { sampleAccount, sampleApplication, sampleStudent, sampleTeam, studentPassword } from "./samples";

/**
 * The council inbox of the built-in store (issue 11): ideas and suggestions kept, the council role, triage with its
 * audit log, counts, pages, search and export, and the schema version 3 migration that brings them.
 */

let directory: string;
let databasePath: string;
const openStores: { close(): void }[] = [];

function openStore() {
  const store = openBuiltInStore(databasePath);
  openStores.push(store);
  return store;
}

function inspect<T>(read: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const idea = (overrides: Partial<IdeaSubmission> = {}): IdeaSubmission => ({
  name: "Meera Joshi",
  enrollment: "0187CS231007",
  college: "Technocrats Institute of Technology",
  title: "Campus lost-and-found board",
  description: "A shared board for found items.",
  impact: "Lost ID cards get back to their owners.",
  ...overrides,
});

const suggestion = (overrides: Partial<Suggestion> = {}): Suggestion => ({
  name: "Ravi Kumar",
  enrollment: "0187IT221042",
  college: "TIT",
  problem: "The library closes at 5 pm.",
  solution: "Keep it open until 8 pm.",
  ...overrides,
});

function ok<T>(outcome: { ok: true; value: T } | { ok: false }): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "council-inbox-"));
  databasePath = path.join(directory, "council.sqlite");
});

afterEach(() => {
  for (const store of openStores.splice(0)) {
    try {
      store.close();
    } catch {
      // already closed
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

describe("schema version 3", () => {
  it("upgrades a version 1 database in place: its applications and teams arrive in the inbox as new", async () => {
    // What the first version of the site left on disk, built by its own migration text.
    const first = openStore();
    expect(await first.applyToCouncil(sampleApplication)).toEqual({ ok: true });
    expect((await first.registerTeam(sampleTeam("Pixel Pioneers"))).ok).toBe(true);
    first.close();
    const old = new Database(databasePath);
    old.exec("DROP TABLE ideas; DROP TABLE suggestions; DROP TABLE triage_state; DROP TABLE triage_log; DROP TABLE council_members;");
    old.pragma("user_version = 1");
    old.close();

    const upgraded = openStore();
    const summary = ok(await upgraded.inbox.summary());
    expect(summary.applications).toEqual({ total: 1, new: 1 });
    expect(summary.teams).toEqual({ total: 1, new: 1 });
    expect(summary.ideas).toEqual({ total: 0, new: 0 });
    inspect((db) => expect(db.pragma("user_version", { simple: true })).toBe(3));
  });

  it("can run again over its own tables (so a version 2 merged in later cannot trip over it)", async () => {
    const store = openStore();
    await store.shareIdea(idea());
    store.close();
    const db = new Database(databasePath);
    db.pragma("user_version = 2");
    db.close();
    const reopened = openStore();
    expect(ok(await reopened.inbox.summary()).ideas.total).toBe(1);
  });

  it("finds an entry's status, history and members by index, and pages newest first without sorting", () => {
    openStore().close();
    inspect((db) => {
      const plan = (sql: string) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(" | ");
      expect(plan("SELECT status FROM triage_state WHERE section = 'ideas' AND entry_id = 5")).toMatch(/USING PRIMARY KEY/);
      expect(plan("SELECT * FROM triage_log WHERE section = 'ideas' AND entry_id = 5")).toMatch(/USING INDEX triage_log_by_entry/);
      expect(plan("SELECT * FROM team_members WHERE team_id = 5")).toMatch(/USING INDEX/);
      const page = plan(`
        SELECT e.*, COALESCE(s.status, 'new') FROM applications e
        LEFT JOIN triage_state s ON s.section = 'applications' AND s.entry_id = e.id
        ORDER BY e.id DESC LIMIT 20 OFFSET 40`);
      expect(page).not.toMatch(/TEMP B-TREE/);
      expect(page).toMatch(/SEARCH s USING PRIMARY KEY/);
    });
  });
});

describe("ideas and suggestions are kept", () => {
  it("with every field the student sent, newest first", async () => {
    const store = openStore();
    expect(await store.shareIdea(idea({ title: "First" }))).toEqual({ ok: true });
    expect(await store.shareIdea(idea({ title: "Second" }))).toEqual({ ok: true });
    expect(await store.sendSuggestion(suggestion())).toEqual({ ok: true });

    const ideas = ok(await store.inbox.list({ section: "ideas", page: 1, pageSize: 20 }));
    expect(ideas.entries.map((entry) => entry.id)).toEqual(["idea-2", "idea-1"]);
    expect(ideas.entries[1]).toMatchObject({ section: "ideas", status: "new", history: [], idea: idea({ title: "First" }) });
    expect(ideas.entries[1]!.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const suggestions = ok(await store.inbox.list({ section: "suggestions", page: 1, pageSize: 20 }));
    expect(suggestions.entries).toMatchObject([{ id: "suggestion-1", suggestion: suggestion() }]);
  });

  it("a database fault is 'unavailable', never a thrown error", async () => {
    const store = openStore();
    store.close();
    expect(await store.shareIdea(idea())).toEqual({ ok: false, reason: "unavailable" });
    expect(await store.sendSuggestion(suggestion())).toEqual({ ok: false, reason: "unavailable" });
    expect(await store.inbox.summary()).toEqual({ ok: false, reason: "unavailable" });
  });
});

describe("the council role of built-in accounts", () => {
  it("granting an unknown College ID is refused by name and changes nothing", async () => {
    const store = openStore();
    const outcome = await store.grantCouncilRole("0187XX000000");
    expect(outcome).toMatchObject({ ok: false, reason: "rejected", message: expect.stringContaining('"0187XX000000"') });
    expect(ok(await store.listCouncilMembers())).toEqual([]);
  });

  it("is read with the session on every call: granted and revoked while signed in, it counts at once", async () => {
    const store = openStore();
    await store.registerAccount(sampleAccount);
    const token = ok(await store.logIn(sampleStudent.enrollment, studentPassword));
    expect(await store.whoIsSignedIn(token)).toMatchObject({ collegeId: "0187CS221042", councilMember: false });

    // The College ID is matched as the login matches it, ignoring case and spaces.
    const granted = ok(await store.grantCouncilRole(" 0187cs221042 "));
    expect(granted).toMatchObject({ changed: true, member: { collegeId: "0187CS221042", name: "Aarav Sharma" } });
    expect(await store.whoIsSignedIn(token)).toMatchObject({ status: "signed-in", councilMember: true });
    expect(ok(await store.grantCouncilRole("0187CS221042")).changed).toBe(false);

    const members = ok(await store.listCouncilMembers());
    expect(members).toEqual([{ collegeId: "0187CS221042", name: "Aarav Sharma", grantedAt: granted.member.grantedAt }]);

    expect(ok(await store.revokeCouncilRole("0187CS221042")).changed).toBe(true);
    expect(await store.whoIsSignedIn(token)).toMatchObject({ status: "signed-in", councilMember: false });
    expect(ok(await store.revokeCouncilRole("0187CS221042")).changed).toBe(false);
    expect(ok(await store.listCouncilMembers())).toEqual([]);
  });
});

describe("triage", () => {
  it("accepting an application sets its status and records who and when, in the entry's history", async () => {
    const store = openStore();
    await store.applyToCouncil(sampleApplication);
    const before = Date.now();
    expect(await store.inbox.triage({ entryId: "application-1", action: "accept", by: "0187CS229999" })).toEqual({
      ok: true,
      value: { status: "accepted", changed: true },
    });
    const [entry] = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 20 })).entries;
    expect(entry).toMatchObject({ status: "accepted", history: [{ action: "accept", by: "0187CS229999" }] });
    expect(Date.parse(entry!.history[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(ok(await store.inbox.summary()).applications).toEqual({ total: 1, new: 0 });

    // Changing one's mind is a change too; repeating the current status is not.
    await store.inbox.triage({ entryId: "application-1", action: "decline", by: "0187CS228888" });
    expect(await store.inbox.triage({ entryId: "application-1", action: "decline", by: "0187CS228888" })).toEqual({
      ok: true,
      value: { status: "declined", changed: false },
    });
    const [changed] = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 20 })).entries;
    expect(changed!.history.map((event) => `${event.action} ${event.by}`)).toEqual(["accept 0187CS229999", "decline 0187CS228888"]);
    inspect((db) => expect(db.prepare("SELECT COUNT(*) FROM triage_log").pluck().get()).toBe(2));
  });

  it.each([
    ["an idea id that only the applications have", { entryId: "idea-7", action: "seen" }, "There is no idea 7."],
    ["an action the section does not offer", { entryId: "idea-1", action: "accept" }, "That action is not available for ideas."],
    ["an id of no section", { entryId: "robot-1", action: "seen" }, "That entry does not exist."],
  ] as const)("refuses %s and changes nothing", async (_case, change, message) => {
    const store = openStore();
    await store.shareIdea(idea());
    await store.applyToCouncil(sampleApplication);
    for (let index = 0; index < 7; index += 1) await store.applyToCouncil(sampleApplication);
    expect(await store.inbox.triage({ ...change, by: "0187CS229999" })).toEqual({ ok: false, reason: "rejected", message });
    const summary = ok(await store.inbox.summary());
    expect(summary.ideas.new).toBe(1);
    expect(summary.applications.new).toBe(8);
    inspect((db) => expect(db.prepare("SELECT COUNT(*) FROM triage_log").pluck().get()).toBe(0));
  });
});

describe("counts, pages and search", () => {
  it("counts new entries per section, and with a search how many match", async () => {
    const store = openStore();
    for (const title of ["Solar benches", "Peer tutoring", "Solar lamps"]) await store.shareIdea(idea({ title }));
    await store.inbox.triage({ entryId: "idea-1", action: "seen", by: "0187CS229999" });
    const summary = ok(await store.inbox.summary("solar"));
    expect(summary.ideas).toEqual({ total: 3, new: 2, matching: 2 });
    expect(summary.applications).toEqual({ total: 0, new: 0, matching: 0 });
  });

  it("pages newest first; a page past the end shows the last one", async () => {
    const store = openStore();
    for (let index = 1; index <= 45; index += 1) await store.shareIdea(idea({ title: `Idea ${index}` }));
    const first = ok(await store.inbox.list({ section: "ideas", page: 1, pageSize: 20 }));
    expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]!.id).toBe("idea-45");
    const last = ok(await store.inbox.list({ section: "ideas", page: 3, pageSize: 20 }));
    expect(last.entries.map((entry) => entry.id)).toEqual(["idea-5", "idea-4", "idea-3", "idea-2", "idea-1"]);
    expect(ok(await store.inbox.list({ section: "ideas", page: 99, pageSize: 20 }))).toMatchObject({ page: 3, total: 45 });
  });

  const titles = (entries: InboxEntry[]) => entries.map((entry) => (entry.section === "ideas" ? entry.idea.title : entry.id));

  it("finds ideas by name, enrollment number or title, ignoring case, Hindi names as written", async () => {
    const store = openStore();
    await store.shareIdea(idea({ name: "Meera Joshi", enrollment: "0187CS231007", title: "Solar benches" }));
    await store.shareIdea(idea({ name: "दिया पटेल", enrollment: "0187EC221001", title: "Peer tutoring" }));
    const search = async (text: string) => titles(ok(await store.inbox.list({ section: "ideas", search: text, page: 1, pageSize: 20 })).entries);
    expect(await search("meera")).toEqual(["Solar benches"]);
    expect(await search("0187ec")).toEqual(["Peer tutoring"]);
    expect(await search("TUTOR")).toEqual(["Peer tutoring"]);
    expect(await search("पटेल")).toEqual(["Peer tutoring"]);
    expect(await search("  ")).toEqual(["Peer tutoring", "Solar benches"]);
  });

  it("takes % and _ in a search literally", async () => {
    const store = openStore();
    await store.shareIdea(idea({ title: "100% attendance" }));
    await store.shareIdea(idea({ title: "Plain idea" }));
    const search = async (text: string) => titles(ok(await store.inbox.list({ section: "ideas", search: text, page: 1, pageSize: 20 })).entries);
    expect(await search("%")).toEqual(["100% attendance"]);
    expect(await search("_")).toEqual([]);
  });

  it("finds applications by name or enrollment, teams by their name or a member's, suggestions by name", async () => {
    const store = openStore();
    await store.applyToCouncil(sampleApplication);
    await store.registerTeam(sampleTeam("Pixel Pioneers"));
    await store.sendSuggestion(suggestion());
    const count = async (section: "applications" | "teams" | "suggestions", text: string) =>
      ok(await store.inbox.list({ section, search: text, page: 1, pageSize: 20 })).total;
    expect(await count("applications", "diya")).toBe(1);
    expect(await count("applications", "0187EC231007")).toBe(1);
    expect(await count("applications", "coding")).toBe(0);
    expect(await count("teams", "pixel")).toBe(1);
    expect(await count("teams", "Member 4")).toBe(1);
    expect(await count("suggestions", "ravi")).toBe(1);
  });
});

describe("export", () => {
  it("gives every entry of a section with its team members and history", async () => {
    const store = openStore();
    await store.registerTeam(sampleTeam("Pixel Pioneers"));
    await store.registerTeam(sampleTeam("Null Pointers"));
    await store.inbox.triage({ entryId: "team-1", action: "archive", by: "0187CS229999" });
    const teams = ok(await store.inbox.exportSection("teams"));
    expect(teams.map((entry) => entry.id)).toEqual(["team-2", "team-1"]);
    const archived = teams[1]!;
    if (archived.section !== "teams") throw new Error("not a team");
    expect(archived.team).toEqual(sampleTeam("Pixel Pioneers"));
    expect(archived).toMatchObject({ status: "archived", history: [{ action: "archive", by: "0187CS229999" }] });
  });
});
