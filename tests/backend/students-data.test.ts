import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import { countOf, queryRows, useStoreEngines } from "../support/store-engines";
import { sampleAccount, sampleApplication, sampleStudent, sampleTeam, studentPassword, tinyPng } from "./samples";
import { markedAccount } from "./samples";

/**
 * Students' data in the built-in store, on both engines: what a student sent and what became of it, the account's own
 * record, erasure on the student's request and on a council member's, retention, and (on SQLite) that erased values
 * are gone from the database file and its write-ahead log.
 */

const { engines, sqlite, runsOn } = useStoreEngines();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * A student who proved everything: their e-mail through the link, their College ID by the council's check (the
 * proofs themselves are tested in proven-identity.test.ts). The account key is one no entry here was sent under.
 */
const student = {
  accountKey: "no-entry-sent-signed-in",
  verifiedEmail: sampleStudent.email,
  checkedCollegeId: sampleStudent.enrollment,
};
const idea = {
  name: sampleStudent.username,
  enrollment: sampleStudent.enrollment,
  college: "TIT",
  title: "Solar benches",
  description: "Benches that charge phones.",
  impact: "Phones charged outdoors.",
};
const suggestion = {
  name: sampleStudent.username,
  enrollment: sampleStudent.enrollment,
  college: "TIT",
  problem: "Wi-Fi drops in block C.",
  solution: "One more access point.",
};
const application = {
  ...sampleApplication,
  name: sampleStudent.username,
  email: sampleStudent.email,
  enrollment: sampleStudent.enrollment,
};

/** A team whose member 3 is the student (by e-mail, in other letter case), or whose leader is. */
function teamWithStudent(name: string, prefix: string, role: "leader" | "member") {
  const team = sampleTeam(name, prefix);
  const index = role === "leader" ? 0 : 3;
  team.members[index] = {
    ...team.members[index]!,
    name: sampleStudent.username,
    email: sampleStudent.email.toUpperCase(),
  };
  return team;
}

for (const engine of engines) {
  async function seeded(): Promise<{ store: BuiltInStore; config: StoreConfig; token: string }> {
    const config = await engine.freshConfig();
    const store = engine.open(config);
    await store.database.ready();
    expect(await store.registerAccount(sampleAccount)).toEqual({ ok: true });
    expect(await store.applyToCouncil(application)).toEqual({ ok: true });
    expect(await store.shareIdea(idea)).toEqual({ ok: true });
    expect(await store.sendSuggestion(suggestion)).toEqual({ ok: true });
    expect((await store.registerTeam(teamWithStudent("Pixel Pioneers", "pixel", "member"))).ok).toBe(true);
    // Someone else's entries, which nothing below may show or erase.
    expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });
    expect((await store.registerTeam(sampleTeam("Null Pointers", "null"))).ok).toBe(true);
    const login = await store.logIn(sampleStudent.enrollment, studentPassword);
    if (!login.ok) throw new Error("login failed");
    return { store, config, token: login.value };
  }

  describe(`students' data on ${engine.name}`, () => {
    it("shows what the student sent, with the council's decision, and only their own member row of a team", async () => {
      const { store } = await seeded();
      expect((await store.inbox.triage({ entryId: "application-1", action: "accept", by: "0187ME220311" })).ok).toBe(
        true,
      );
      const sent = await store.students.sentBy({ ...student, checkedCollegeId: " 0187cs221042 " });
      if (!sent.ok) throw new Error("not ok");
      expect(sent.value.applications).toEqual([
        expect.objectContaining({
          club: application.club,
          email: application.email,
          decision: "accepted",
          receivedAt: expect.any(String) as string,
        }),
      ]);
      expect(sent.value.teams).toEqual([
        {
          teamName: "Pixel Pioneers",
          category: "design",
          receivedAt: expect.any(String) as string,
          member: expect.objectContaining({ name: sampleStudent.username, role: "member" }) as unknown,
        },
      ]);
      expect(JSON.stringify(sent.value)).not.toContain("pixel.member1@example.org");
      expect(sent.value.ideas).toEqual([expect.objectContaining({ title: "Solar benches" })]);
      expect(sent.value.suggestions).toEqual([expect.objectContaining({ problem: "Wi-Fi drops in block C." })]);
      expect(JSON.stringify(sent.value)).not.toContain(sampleApplication.email);
    });

    it("gives the account's own record with its ID card, never the password hash", async () => {
      const { store, token } = await seeded();
      const record = await store.accountRecord(token);
      if (!record.ok) throw new Error("not ok");
      expect(record.value).toMatchObject({
        collegeId: sampleStudent.enrollment,
        details: { username: sampleStudent.username, email: sampleStudent.email },
      });
      expect(record.value.idCard).toMatchObject({ mediaType: "image/png" });
      expect(Buffer.from((record.value.idCard as { bytes: Uint8Array }).bytes).equals(tinyPng)).toBe(true);
      expect(JSON.stringify(record.value)).not.toMatch(/scrypt|password/);
      expect(await store.accountRecord("not-a-session")).toMatchObject({ ok: false, reason: "rejected" });
    });

    it("erases the account, its sessions and role, and the student's entries; a team they are a member of keeps the rest", async () => {
      const { store, config, token } = await seeded();
      expect((await store.grantCouncilRole(sampleStudent.enrollment)).ok).toBe(true);
      const erasedAccount = await store.eraseAccount(token);
      expect(erasedAccount).toEqual({
        ok: true,
        value: { enrollment: sampleStudent.enrollment, email: sampleStudent.email },
      });
      expect(await store.students.erase(student)).toEqual({
        ok: true,
        value: { applications: 1, ideas: 1, suggestions: 1, teamMemberships: 1, teamsLed: 0 },
      });
      expect(await store.whoIsSignedIn(token)).toEqual({ status: "signed-out" });
      for (const [table, left] of [
        ["accounts", 0],
        ["sessions", 0],
        ["council_members", 0],
        ["ideas", 0],
        ["suggestions", 0],
        ["applications", 1],
        ["teams", 2],
        ["team_members", 11],
      ] as const) {
        expect(await countOf(config, `SELECT COUNT(*) FROM ${table}`), table).toBe(left);
      }
      // The inbox keeps that something was erased, when, and why; nothing the student sent.
      const erasures = await queryRows<Record<string, unknown>>(
        config,
        "SELECT section, what, reason, by_college_id FROM erasures ORDER BY id",
      );
      expect(erasures).toEqual([
        { section: "accounts", what: "account", reason: "student-request", by_college_id: null },
        { section: "applications", what: "entry", reason: "student-request", by_college_id: null },
        { section: "ideas", what: "entry", reason: "student-request", by_college_id: null },
        { section: "suggestions", what: "entry", reason: "student-request", by_college_id: null },
        { section: "teams", what: "member", reason: "student-request", by_college_id: null },
      ]);
      expect(await store.inbox.erasures("teams", 10)).toMatchObject({
        ok: true,
        value: [{ what: "member", reason: "student-request" }],
      });
    });

    it("erases a team the student leads, whole", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      expect((await store.registerTeam(teamWithStudent("Led By Aarav", "led", "leader"))).ok).toBe(true);
      expect(await store.students.erase(student)).toMatchObject({
        ok: true,
        value: { teamsLed: 1, teamMemberships: 0 },
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(0);
      expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(0);
    });

    it("a council member erases one entry: gone from the inbox and its export, recorded without its data", async () => {
      const { store, config } = await seeded();
      expect(await store.inbox.erase({ entryId: "idea-1", by: "0187ME220311" })).toEqual({ ok: true });
      expect(await store.inbox.erase({ entryId: "idea-1", by: "0187ME220311" })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "noSuchEntry", kind: "idea", number: 1 },
      });
      expect(await store.inbox.exportSection("ideas")).toEqual({ ok: true, value: [] });
      expect(await queryRows(config, "SELECT section, entry_id, what, reason, by_college_id FROM erasures")).toEqual([
        { section: "ideas", entry_id: 1, what: "entry", reason: "council-request", by_college_id: "0187ME220311" },
      ]);
    });

    it("retention deletes ID cards after their days and declined or archived entries after theirs, keeping the rest", async () => {
      const { store, config } = await seeded();
      expect((await store.inbox.triage({ entryId: "application-1", action: "decline", by: "X" })).ok).toBe(true);
      expect((await store.inbox.triage({ entryId: "team-2", action: "archive", by: "X" })).ok).toBe(true);
      expect((await store.inbox.triage({ entryId: "idea-1", action: "seen", by: "X" })).ok).toBe(true);
      await store.profiles.saveProfile(
        { uid: "0187IT230099", createdAt: "Mon, 01 Jan 2026 00:00:00 GMT" },
        {
          email: "it.student@example.org",
          college: "TIT",
          branch: "IT",
          dob: "2005-01-15",
          gender: "Other",
          idCard: { mediaType: "image/png", bytes: tinyPng },
        },
      );

      // Nothing is old enough yet.
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({
        idCards: 0,
        entries: 0,
      });

      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 91 * 24 * 60 * 60 * 1000);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({
        idCards: 2,
        entries: 0,
      });
      const login = await store.logIn(sampleStudent.enrollment, studentPassword);
      if (!login.ok) throw new Error("the account no longer signs in");
      expect(await store.accountRecord(login.value)).toMatchObject({
        ok: true,
        value: { idCard: { deletedAt: expect.any(String) as string } },
      });
      expect(await store.profiles.profileWithIdCard("0187IT230099")).toMatchObject({
        idCard: { deletedAt: expect.any(String) as string },
      });

      vi.setSystemTime(Date.now() + 731 * 24 * 60 * 60 * 1000);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({
        idCards: 0,
        entries: 2,
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM ideas"), "seen entries are kept").toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM erasures WHERE reason = 'retention'")).toBe(2);
    });
  });
}

describe.runIf(runsOn("SQLite"))("erased means gone from disk (SQLite)", () => {
  it("neither the database file nor its write-ahead log holds an erased student's values", async () => {
    const config = await sqlite.freshConfig();
    if (config.engine !== "sqlite") throw new Error("expected SQLite");
    const store = sqlite.open(config);
    // Values no other row shares, so finding any of them in the files means the erasure left them behind.
    const marker = "Zubeida Quennell-Xyrom";
    const email = "zubeida.xyrom.417@example.org";
    const enrollment = "0187ZQ990417";
    expect(await store.registerAccount(markedAccount(marker, email, enrollment, "ID-CARD-BYTES-7f3a9c"))).toEqual({
      ok: true,
    });
    expect(
      await store.applyToCouncil({
        ...sampleApplication,
        name: marker,
        email,
        enrollment,
        motivation: "Motivation-c41d",
      }),
    ).toEqual({ ok: true });
    expect(await store.shareIdea({ ...idea, name: marker, enrollment, title: "Idea-title-9e2b" })).toEqual({
      ok: true,
    });
    // Someone else's row written after, so the erased ones are not simply at the end of the file.
    expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });
    const login = await store.logIn(enrollment, "09032004");
    if (!login.ok) throw new Error("login failed");

    const files = () => [config.path, `${config.path}-wal`].filter(existsSync).map((file) => readFileSync(file));
    const holds = (value: string) => files().some((bytes) => bytes.includes(value));
    expect(holds(marker), "the values are on disk before the erasure").toBe(true);

    expect((await store.eraseAccount(login.value)).ok).toBe(true);
    expect(
      (await store.students.erase({ accountKey: "none", verifiedEmail: email, checkedCollegeId: enrollment })).ok,
    ).toBe(true);
    for (const value of [marker, email, enrollment, "Motivation-c41d", "Idea-title-9e2b", "ID-CARD-BYTES-7f3a9c"]) {
      expect(holds(value), value).toBe(false);
    }
    expect(holds(sampleApplication.name), "the other student's application is still there").toBe(true);
  });
});
