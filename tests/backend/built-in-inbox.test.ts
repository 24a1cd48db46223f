import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import type { IdeaSubmission, Suggestion } from "~/types/submissions";
import type { InboxEntry } from "~/inbox/entries";
import { countOf, useStoreEngines } from "../support/store-engines";
import { sampleAccount, sampleApplication, sampleStudent, sampleTeam, studentPassword } from "./samples";

/**
 * The council inbox of the built-in store, on both engines: ideas and suggestions kept, the council role, triage with
 * its audit log, counts, pages, search and export.
 */

const { engines, sqlite, runsOn } = useStoreEngines();

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

for (const engine of engines) {
  let config: StoreConfig;
  const openStore = async () => {
    config = await engine.freshConfig();
    const store = engine.open(config);
    await store.database.ready();
    return store;
  };

  describe(`the council inbox on ${engine.name}`, () => {
    describe("ideas and suggestions are kept", () => {
      it("with every field the student sent, newest first", async () => {
        const store = await openStore();
        expect(await store.shareIdea(idea({ title: "First" }))).toEqual({ ok: true });
        expect(await store.shareIdea(idea({ title: "Second" }))).toEqual({ ok: true });
        expect(await store.sendSuggestion(suggestion())).toEqual({ ok: true });

        const ideas = ok(await store.inbox.list({ section: "ideas", page: 1, pageSize: 20 }));
        expect(ideas.entries.map((entry) => entry.id)).toEqual(["idea-2", "idea-1"]);
        expect(ideas.entries[1]).toMatchObject({
          section: "ideas",
          status: "new",
          history: [],
          idea: idea({ title: "First" }),
        });
        expect(ideas.entries[1]!.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

        const suggestions = ok(await store.inbox.list({ section: "suggestions", page: 1, pageSize: 20 }));
        expect(suggestions.entries).toMatchObject([{ id: "suggestion-1", suggestion: suggestion() }]);
      });

      it("a database fault is 'unavailable', never a thrown error", async () => {
        const store = await openStore();
        await store.close();
        expect(await store.shareIdea(idea())).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.sendSuggestion(suggestion())).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.inbox.summary()).toEqual({ ok: false, reason: "unavailable" });
      });
    });

    describe("the council role of built-in accounts", () => {
      it("granting an unknown College ID is refused by name and changes nothing", async () => {
        const store = await openStore();
        const outcome = await store.grantCouncilRole("0187XX000000");
        expect(outcome).toMatchObject({
          ok: false,
          reason: "rejected",
          refusal: { code: "noAccountWithCollegeId", collegeId: "0187XX000000", provider: "store" },
        });
        expect(ok(await store.listCouncilMembers())).toEqual([]);
      });

      it("is read with the session on every call: granted and revoked while signed in, it counts at once", async () => {
        const store = await openStore();
        await store.registerAccount(sampleAccount);
        const token = ok(await store.logIn(sampleStudent.enrollment, studentPassword));
        expect(await store.whoIsSignedIn(token)).toMatchObject({ collegeId: "0187CS221042", councilMember: false });

        // The College ID is matched as the login matches it, ignoring case and spaces.
        const granted = ok(await store.grantCouncilRole(" 0187cs221042 "));
        expect(granted).toMatchObject({ changed: true, member: { collegeId: "0187CS221042", name: "Aarav Sharma" } });
        expect(await store.whoIsSignedIn(token)).toMatchObject({ status: "signed-in", councilMember: true });
        expect(ok(await store.grantCouncilRole("0187CS221042")).changed).toBe(false);

        const members = ok(await store.listCouncilMembers());
        expect(members).toEqual([
          { collegeId: "0187CS221042", name: "Aarav Sharma", grantedAt: granted.member.grantedAt },
        ]);

        expect(ok(await store.revokeCouncilRole("0187CS221042")).changed).toBe(true);
        expect(await store.whoIsSignedIn(token)).toMatchObject({ status: "signed-in", councilMember: false });
        expect(ok(await store.revokeCouncilRole("0187CS221042")).changed).toBe(false);
        expect(ok(await store.listCouncilMembers())).toEqual([]);
      });
    });

    describe("triage", () => {
      it("accepting an application sets its status and records who and when, in the entry's history", async () => {
        const store = await openStore();
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
        expect(changed!.history.map((event) => `${event.action} ${event.by}`)).toEqual([
          "accept 0187CS229999",
          "decline 0187CS228888",
        ]);
        expect(await countOf(config, "SELECT COUNT(*) FROM triage_log")).toBe(2);
      });

      it.each([
        [
          "an idea id that only the applications have",
          { entryId: "idea-7", action: "seen" },
          { code: "noSuchEntry", kind: "idea", number: 7 },
        ],
        [
          "an action the section does not offer",
          { entryId: "idea-1", action: "accept" },
          { code: "actionNotOffered", section: "ideas" },
        ],
        ["an id of no section", { entryId: "robot-1", action: "seen" }, { code: "entryMissing" }],
        // The row ids are 32-bit integers on PostgreSQL, which would refuse the query itself (a 503).
        [
          "an id beyond the largest row id",
          { entryId: "idea-2147483648", action: "seen" },
          { code: "noSuchEntry", kind: "idea", number: 2147483648 },
        ],
        [
          "a twelve-digit id",
          { entryId: "application-999999999999", action: "accept" },
          { code: "noSuchEntry", kind: "application", number: 999999999999 },
        ],
      ] as const)("refuses %s and changes nothing", async (_case, change, refusal) => {
        const store = await openStore();
        await store.shareIdea(idea());
        // Eight students (one application each).
        for (let index = 0; index < 8; index += 1) {
          await store.applyToCouncil({
            ...sampleApplication,
            email: `student${index}@example.org`,
            enrollment: `0187EC23${index}000`,
          });
        }
        expect(await store.inbox.triage({ ...change, by: "0187CS229999" })).toEqual({
          ok: false,
          reason: "rejected",
          refusal,
        });
        const summary = ok(await store.inbox.summary());
        expect(summary.ideas.new).toBe(1);
        expect(summary.applications.new).toBe(8);
        expect(await countOf(config, "SELECT COUNT(*) FROM triage_log")).toBe(0);
      });

      it("erasing an id beyond the largest row id is an entry that does not exist, and erases nothing", async () => {
        const store = await openStore();
        await store.shareIdea(idea());
        expect(await store.inbox.erase({ entryId: "idea-999999999999", by: "0187CS229999" })).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "noSuchEntry", kind: "idea", number: 999999999999 },
        });
        expect(await countOf(config, "SELECT COUNT(*) FROM ideas")).toBe(1);
      });
    });

    describe("counts, pages and search", () => {
      it("counts new entries per section, and with a search how many match", async () => {
        const store = await openStore();
        for (const title of ["Solar benches", "Peer tutoring", "Solar lamps"]) await store.shareIdea(idea({ title }));
        await store.inbox.triage({ entryId: "idea-1", action: "seen", by: "0187CS229999" });
        const summary = ok(await store.inbox.summary("solar"));
        expect(summary.ideas).toEqual({ total: 3, new: 2, matching: 2 });
        expect(summary.applications).toEqual({ total: 0, new: 0, matching: 0 });
      });

      it("pages newest first; a page past the end shows the last one", async () => {
        const store = await openStore();
        for (let index = 1; index <= 45; index += 1) await store.shareIdea(idea({ title: `Idea ${index}` }));
        const first = ok(await store.inbox.list({ section: "ideas", page: 1, pageSize: 20 }));
        expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3 });
        expect(first.entries).toHaveLength(20);
        expect(first.entries[0]!.id).toBe("idea-45");
        const last = ok(await store.inbox.list({ section: "ideas", page: 3, pageSize: 20 }));
        expect(last.entries.map((entry) => entry.id)).toEqual(["idea-5", "idea-4", "idea-3", "idea-2", "idea-1"]);
        expect(ok(await store.inbox.list({ section: "ideas", page: 99, pageSize: 20 }))).toMatchObject({
          page: 3,
          total: 45,
        });
      });

      const titles = (entries: InboxEntry[]) =>
        entries.map((entry) => (entry.section === "ideas" ? entry.idea.title : entry.id));

      it("finds ideas by name, enrollment number or title, ignoring case, Hindi names as written", async () => {
        const store = await openStore();
        await store.shareIdea(idea({ name: "Meera Joshi", enrollment: "0187CS231007", title: "Solar benches" }));
        await store.shareIdea(idea({ name: "दिया पटेल", enrollment: "0187EC221001", title: "Peer tutoring" }));
        const search = async (text: string) =>
          titles(ok(await store.inbox.list({ section: "ideas", search: text, page: 1, pageSize: 20 })).entries);
        expect(await search("meera")).toEqual(["Solar benches"]);
        expect(await search("0187ec")).toEqual(["Peer tutoring"]);
        expect(await search("TUTOR")).toEqual(["Peer tutoring"]);
        expect(await search("पटेल")).toEqual(["Peer tutoring"]);
        expect(await search("  ")).toEqual(["Peer tutoring", "Solar benches"]);
      });

      it("takes % and _ in a search literally", async () => {
        const store = await openStore();
        await store.shareIdea(idea({ title: "100% attendance" }));
        await store.shareIdea(idea({ title: "Plain idea" }));
        const search = async (text: string) =>
          titles(ok(await store.inbox.list({ section: "ideas", search: text, page: 1, pageSize: 20 })).entries);
        expect(await search("%")).toEqual(["100% attendance"]);
        expect(await search("_")).toEqual([]);
      });

      it("finds applications by name or enrollment, teams by their name or a member's, suggestions by name", async () => {
        const store = await openStore();
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
        const store = await openStore();
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
  });
}

describe.runIf(runsOn("SQLite"))("the inbox's queries on SQLite", () => {
  it("finds an entry's status, history and members by index, and pages newest first without sorting", async () => {
    const sqliteConfig = await sqlite.freshConfig();
    await sqlite.open(sqliteConfig).close();
    if (sqliteConfig.engine !== "sqlite") throw new Error("expected a SQLite configuration");
    const db = new Database(sqliteConfig.path, { readonly: true });
    try {
      const plan = (sql: string) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(" | ");
      expect(plan("SELECT status FROM triage_state WHERE section = 'ideas' AND entry_id = 5")).toMatch(
        /USING PRIMARY KEY/,
      );
      expect(plan("SELECT * FROM triage_log WHERE section = 'ideas' AND entry_id = 5")).toMatch(
        /USING INDEX triage_log_by_entry/,
      );
      expect(plan("SELECT * FROM team_members WHERE team_id = 5")).toMatch(/USING INDEX/);
      const page = plan(`
        SELECT e.*, COALESCE(s.status, 'new') FROM applications e
        LEFT JOIN triage_state s ON s.section = 'applications' AND s.entry_id = e.id
        ORDER BY e.id DESC LIMIT 20 OFFSET 40`);
      expect(page).not.toMatch(/TEMP B-TREE/);
      expect(page).toMatch(/SEARCH s USING PRIMARY KEY/);
      expect(plan("SELECT id FROM accounts WHERE lower(enrollment) = 'x'")).toMatch(
        /USING (COVERING )?INDEX accounts_by_enrollment/,
      );
    } finally {
      db.close();
    }
  });
});
