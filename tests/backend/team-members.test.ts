import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import { testStoreMailWithHackathon, useStoreEngines, type OutboxRow as StoredMail } from "../support/store-engines";
import { provenLeaderOf, sampleTeam } from "./samples";

/**
 * A team's members hear of it and answer without an account, on both engines: the leader's receipt and the members'
 * notices (each with a link of its own and the hackathon's calendar file) in the registration's transaction; the
 * link's page changes nothing until a button is pressed; confirming; removing oneself (the row, its notice and the
 * link go, the leader is told); the proven leader adding a member; and the members told when the leader's erasure
 * takes the team.
 */

const { engines } = useStoreEngines();

const mail = testStoreMailWithHackathon;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

type OutboxRow = StoredMail & { entry_id: number | null; secret: number };

const outbox = (store: BuiltInStore) =>
  store.database.read(
    (trx) =>
      trx
        .selectFrom("outbox")
        .select([
          "kind",
          "recipient",
          "subject",
          "text_body",
          "html_body",
          "entry_section",
          "entry_id",
          "secret",
          "attachments",
        ])
        .orderBy("id")
        .execute() as Promise<OutboxRow[]>,
  );

const members = (store: BuiltInStore) =>
  store.database.read((trx) =>
    trx
      .selectFrom("team_members")
      .select(["id", "team_id", "position", "name", "email", "role", "notice_token_hash", "confirmed_at"])
      .orderBy("team_id")
      .orderBy("position")
      .execute(),
  );

const tokenIn = (row: OutboxRow) =>
  /^https:\/\/council\.example\.test\/sih\/team-member\?token=([A-Za-z0-9_-]{43})$/m.exec(row.text_body)?.[1];

/** The calendar file's start, as a calendar reads it (DTSTART in UTC). */
const calendarStart = (ics: string) => /^DTSTART:(\d{8}T\d{6}Z)\r?$/m.exec(ics)?.[1];

for (const engine of engines) {
  describe(`team members on ${engine.name}`, () => {
    async function registered(teamName: string, options: { sentBy?: string; withMail?: boolean } = {}) {
      const store = await engine.fresh(options.withMail === false ? {} : { mail });
      // From its proven leader: the members are told at once (a stranger's team waits: tests/attacks/mail-caps.test.ts).
      const team = sampleTeam(teamName);
      expect(await store.registerTeam(team, provenLeaderOf(team, options.sentBy))).toEqual({
        ok: true,
        value: undefined,
      });
      const notices = (await outbox(store)).filter((row) => row.kind === "team-member-notice");
      const tokens = new Map(notices.map((row) => [row.recipient, tokenIn(row)!]));
      const teamId = (await members(store))[0]!.team_id;
      return { store, tokens, teamId };
    }

    it("registration queues the leader's receipt and five notices, each with the calendar file and one link of its own", async () => {
      const { store, teamId } = await registered("Byte Squad");
      const rows = await outbox(store);
      expect(rows.map((row) => row.kind)).toEqual(["team-receipt", ...Array<string>(5).fill("team-member-notice")]);
      expect(rows.map((row) => row.recipient)).toEqual(sampleTeam("Byte Squad").members.map(({ email }) => email));
      for (const row of rows) {
        expect(row).toMatchObject({ entry_section: "teams", entry_id: teamId });
        const [file] = JSON.parse(row.attachments!) as { filename: string; contentType: string; content: string }[];
        expect(file).toMatchObject({ filename: "sih-hackathon.ics", contentType: "text/calendar; charset=utf-8" });
        // 09:00 in India is 03:30 UTC.
        expect(calendarStart(file!.content)).toBe("20270424T033000Z");
        expect(file!.content).toMatch(/^DTEND:20270424T123000Z\r?$/m);
        expect(file!.content).toContain("SUMMARY:SIH 2025 Internal Hackathon");
        // No phone number and no date of birth, in either body.
        for (const body of [row.text_body, row.html_body]) expect(body).not.toMatch(/98765432|\+91/);
      }

      const [receipt, ...notices] = rows;
      expect(receipt!.subject).toBe("We received your hackathon team on the Student Council website");
      expect(receipt!.text_body).toContain("Member 2, Member 3, Member 4, Member 5, Member 6");
      expect(receipt!.text_body).toContain("https://council.example.test/userProfile");
      expect(receipt!.text_body).toContain("https://council.example.test/privacy");
      expect(receipt!.text_body).not.toContain("/sih/team-member");
      expect(receipt!.secret).toBe(0);

      const saved = await members(store);
      expect(saved[0]).toMatchObject({ role: "leader", notice_token_hash: null });
      for (const [index, notice] of notices.entries()) {
        expect(notice.text_body).toContain('Member 1 registered the team "Byte Squad" for SIH 2025 Internal Hackathon');
        // Exactly one link of the site's besides its signature, and only the token's hash is kept with the member.
        const links = notice.text_body.match(/https:\/\/council\.example\.test\/\S+/g) ?? [];
        expect(links).toHaveLength(1);
        const token = tokenIn(notice)!;
        expect(saved[index + 1]!.notice_token_hash).toBe(sha256(token));
        // The body holds a live link: emptied once sent.
        expect(notice.secret).toBe(1);
      }
      expect(new Set(saved.map((row) => row.notice_token_hash)).size).toBe(6);
    });

    it("a store that sends no e-mail queues nothing and makes no links", async () => {
      const { store } = await registered("Quiet Team", { withMail: false });
      expect(await outbox(store)).toEqual([]);
      expect((await members(store)).every((row) => row.notice_token_hash === null)).toBe(true);
    });

    it("reading a link changes nothing; confirming sets the time once; an unknown token is unknown", async () => {
      const { store, tokens } = await registered("Pixel Pilots");
      const token = tokens.get("pixelpilots.member3@example.org")!;
      for (let read = 0; read < 3; read += 1) {
        expect(await store.teamMembers!.notice(token)).toEqual({
          ok: true,
          value: { teamName: "Pixel Pilots", leaderName: "Member 1", memberName: "Member 3", confirmed: false },
        });
      }
      expect((await members(store)).every((row) => row.confirmed_at === null)).toBe(true);

      expect(await store.teamMembers!.confirm(token)).toEqual({
        ok: true,
        value: { teamName: "Pixel Pilots", already: false },
      });
      const confirmedAt = (await members(store)).find((row) => row.name === "Member 3")!.confirmed_at;
      expect(confirmedAt).not.toBeNull();
      expect(await store.teamMembers!.confirm(token)).toEqual({
        ok: true,
        value: { teamName: "Pixel Pilots", already: true },
      });
      expect((await members(store)).find((row) => row.name === "Member 3")!.confirmed_at).toBe(confirmedAt);
      expect((await store.teamMembers!.notice(token)).ok && (await store.teamMembers!.notice(token))).toMatchObject({
        value: { confirmed: true },
      });

      expect(await store.teamMembers!.notice("not-a-token")).toEqual({ ok: true, value: undefined });
      expect(await store.teamMembers!.confirm("not-a-token")).toEqual({ ok: true, value: undefined });
      expect(await store.teamMembers!.remove("not-a-token")).toEqual({ ok: true, value: undefined });
    });

    it("removing oneself erases that row and its notice, records the erasure and tells the leader; the link then is unknown", async () => {
      const { store, tokens, teamId } = await registered("Code Crafters");
      const token = tokens.get("codecrafters.member4@example.org")!;
      expect(await store.teamMembers!.remove(token)).toEqual({
        ok: true,
        value: { teamName: "Code Crafters", members: 5 },
      });
      const left = await members(store);
      expect(left.map((row) => row.name)).toEqual(["Member 1", "Member 2", "Member 3", "Member 5", "Member 6"]);
      const rows = await outbox(store);
      expect(rows.some((row) => row.recipient === "codecrafters.member4@example.org")).toBe(false);
      expect(rows.filter((row) => row.kind === "team-member-notice")).toHaveLength(4);
      const told = rows.filter((row) => row.kind === "team-member-removed");
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        recipient: "codecrafters.member1@example.org",
        entry_section: "teams",
        entry_id: teamId,
      });
      expect(told[0]!.text_body).toContain(
        "Member 4 removed themselves from Code Crafters; the team now has 5 of 6 members; add a member from your profile.",
      );
      const erasures = await store.database.read((trx) =>
        trx.selectFrom("erasures").select(["section", "entry_id", "what", "reason"]).execute(),
      );
      expect(erasures).toEqual([{ section: "teams", entry_id: teamId, what: "member", reason: "student-request" }]);

      expect(await store.teamMembers!.notice(token)).toEqual({ ok: true, value: undefined });
      expect(await store.teamMembers!.remove(token)).toEqual({ ok: true, value: undefined });
      expect(await store.teamMembers!.confirm(token)).toEqual({ ok: true, value: undefined });
      expect(await members(store)).toHaveLength(5);
    });

    it("pressing Remove several times at once removes the member once, and tells the leader once", async () => {
      const { store, tokens } = await registered("Twin Clicks");
      const token = tokens.get("twinclicks.member2@example.org")!;
      const answers = await Promise.all(Array.from({ length: 5 }, () => store.teamMembers!.remove(token)));
      expect(answers.filter((answer) => answer.ok && answer.value !== undefined)).toHaveLength(1);
      expect(answers.every((answer) => answer.ok)).toBe(true);
      expect((await outbox(store)).filter((row) => row.kind === "team-member-removed")).toHaveLength(1);
      const erasures = await store.database.read((trx) => trx.selectFrom("erasures").select("what").execute());
      expect(erasures).toEqual([{ what: "member" }]);
    });

    it("the proven leader adds a member at the free position, who gets a notice; nobody else can, nor a seventh", async () => {
      const { store, tokens, teamId } = await registered("Data Wizards", { sentBy: "leader-key" });
      expect((await store.teamMembers!.remove(tokens.get("datawizards.member2@example.org")!)).ok).toBe(true);

      const led = await store.teamMembers!.ledBy({ accountKey: "leader-key" });
      const dataWizardsLeader = { accountKey: "leader-key", verifiedEmail: "datawizards.member1@example.org" };
      expect(led).toEqual({
        ok: true,
        value: [
          {
            id: teamId,
            teamName: "Data Wizards",
            // Told at once, by its proven leader: nobody waits for the leader's word.
            mayTellMembers: false,
            members: [
              { name: "Member 1", role: "leader", confirmed: true, told: true },
              ...[3, 4, 5, 6].map((n) => ({ name: `Member ${n}`, role: "member", confirmed: false, told: true })),
            ],
          },
        ],
      });
      // The leader's verified address proves it too; a typed one, or another account, does not.
      expect(
        await store.teamMembers!.ledBy({ accountKey: "someone", verifiedEmail: "DataWizards.Member1@example.org" }),
      ).toMatchObject({ ok: true, value: [{ id: teamId }] });
      expect(await store.teamMembers!.ledBy({ accountKey: "someone" })).toEqual({ ok: true, value: [] });

      const newcomer = {
        ...sampleTeam("x").members[1]!,
        name: "Neha Joshi",
        email: "neha.joshi@example.org",
      };
      expect(await store.teamMembers!.addMember({ accountKey: "someone" }, teamId, newcomer)).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "notYourTeam" },
      });
      expect(
        await store.teamMembers!.addMember(dataWizardsLeader, teamId, {
          ...newcomer,
          email: "DATAWIZARDS.member3@example.org",
        }),
      ).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "inThisTeam", email: "DATAWIZARDS.member3@example.org" },
      });

      const other = await store.registerTeam(
        sampleTeam("Other Team"),
        provenLeaderOf(sampleTeam("Other Team"), "other"),
      );
      expect(other.ok).toBe(true);
      expect(
        await store.teamMembers!.addMember(dataWizardsLeader, teamId, {
          ...newcomer,
          email: "otherteam.member2@example.org",
        }),
      ).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "inAnotherTeam", email: "otherteam.member2@example.org" },
      });

      expect(await store.teamMembers!.addMember(dataWizardsLeader, teamId, newcomer)).toEqual({
        ok: true,
        value: { members: 6, told: true },
      });
      const team = (await members(store)).filter((row) => row.team_id === teamId);
      expect(team.find((row) => row.name === "Neha Joshi")).toMatchObject({ position: 1, role: "member" });
      const notice = (await outbox(store)).find((row) => row.recipient === "neha.joshi@example.org")!;
      expect(notice.kind).toBe("team-member-notice");
      expect(await store.teamMembers!.notice(tokenIn(notice)!)).toMatchObject({
        ok: true,
        value: { teamName: "Data Wizards", memberName: "Neha Joshi", leaderName: "Member 1" },
      });

      expect(
        await store.teamMembers!.addMember(dataWizardsLeader, teamId, {
          ...newcomer,
          email: "seventh@example.org",
        }),
      ).toEqual({ ok: false, reason: "rejected", refusal: { code: "teamFull", max: 6 } });
    });

    it("the leader's erasure takes the team and e-mails each member, naming no entry and nothing of the leader but the name", async () => {
      const { store } = await registered("Night Owls", { sentBy: "leader-key" });
      const erased = await store.students.erase({ accountKey: "leader-key" });
      expect(erased).toMatchObject({ ok: true, value: { teamsLed: 1 } });
      expect(await members(store)).toEqual([]);
      const rows = await outbox(store);
      // The team's receipt and notices went with the entry; what is left is the members' news.
      expect(rows.map((row) => row.kind)).toEqual(Array<string>(5).fill("team-disbanded"));
      expect(rows.map((row) => row.recipient)).toEqual(
        sampleTeam("Night Owls")
          .members.slice(1)
          .map(({ email }) => email),
      );
      for (const row of rows) {
        expect(row).toMatchObject({ entry_section: null, entry_id: null, attachments: null });
        expect(row.text_body).toContain('Member 1, the leader of the team "Night Owls"');
        for (const body of [row.text_body, row.html_body]) {
          expect(body).not.toContain("nightowls.member1@example.org");
          expect(body).not.toMatch(/98765432|\+91|TypeScript/);
        }
      }
    });
  });
}
