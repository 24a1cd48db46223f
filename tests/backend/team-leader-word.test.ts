import { describe, expect, it } from "vitest";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { TeamRegistration } from "~/types/submissions";
import { testStoreMailWithHackathon, useStoreEngines } from "../support/store-engines";
import { provenLeaderOf, sampleTeam } from "./samples";

/**
 * "Tell my team's members" from the profile of a held team's proven leader (docs/decisions/0022), on both engines:
 * what the link in the team's receipt does, for a team whose receipt the cap held back. Only an account whose confirmed
 * address is the leader's row may give the word; the members are told once, in the team's language, within the caps,
 * and addresses already in a told team are left out and named to the leader.
 */

const { engines } = useStoreEngines();

/** One receipt or notice a day per address: one team's receipt uses up its leader's day. */
const mail = { ...testStoreMailWithHackathon, caps: { noticesPerAddress: 1 } };

const outbox = (store: BuiltInStore) =>
  store.database.read((trx) =>
    trx.selectFrom("outbox").select(["kind", "recipient", "subject", "text_body"]).orderBy("id").execute(),
  );

const heldRows = async (store: BuiltInStore, teamId: number) =>
  (
    await store.database.read((trx) =>
      trx.selectFrom("team_members").select("held").where("team_id", "=", teamId).execute(),
    )
  ).filter((row) => row.held !== 0).length;

const teamId = async (store: BuiltInStore, name: string) =>
  (
    await store.database.read((trx) =>
      trx.selectFrom("teams").select("id").where("team_name", "=", name).executeTakeFirstOrThrow(),
    )
  ).id;

const tokenIn = (body: string) => /\/sih\/team-member\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** A team whose leader row is `leader`, its other addresses its own. */
function teamLedBy(name: string, leader: string): TeamRegistration {
  const team = sampleTeam(name);
  team.members[0] = { ...team.members[0]!, email: leader };
  return team;
}

for (const engine of engines) {
  describe(`the proven leader's word from the profile, on ${engine.name}`, () => {
    /**
     * A team sent signed out in Hindi, whose receipt the cap held back: the leader's address had its one e-mail of
     * the day from an earlier team of theirs, so no link exists that tells the members.
     */
    async function cappedTeam(store: BuiltInStore, leader = "capped.leader@example.org") {
      expect(await store.registerTeam(teamLedBy("Earlier", leader))).toEqual({ ok: true, value: undefined });
      expect(await store.registerTeam(teamLedBy("Capped", leader), "sender-key", "hi")).toEqual({
        ok: true,
        value: { receiptHeld: true, membersWaiting: true },
      });
      return { id: await teamId(store, "Capped"), leader };
    }

    it("a capped receipt's team: the leader's confirmed address tells the members once, in the team's language", async () => {
      const store = await engine.fresh({ mail });
      const { id, leader } = await cappedTeam(store);
      const before = await outbox(store);
      const proven = { accountKey: "leader-account", verifiedEmail: leader.toUpperCase() };

      // The profile offers the button to the leader's confirmed address alone, not to the account that sent it.
      const led = await store.teamMembers!.ledBy(proven);
      expect(led.ok && led.value.find((team) => team.id === id)?.mayTellMembers).toBe(true);
      const sender = await store.teamMembers!.ledBy({ accountKey: "sender-key" });
      expect(sender.ok && sender.value.map((team) => [team.id, team.mayTellMembers])).toEqual([[id, false]]);

      // Anyone else's word changes nothing and writes nothing.
      for (const proof of [
        { accountKey: "sender-key" },
        { accountKey: "sender-key", verifiedEmail: "capped.member2@example.org" },
        { accountKey: "stranger", verifiedEmail: "someone@example.org" },
      ]) {
        expect(await store.teamMembers!.tellMembersAsLeader(proof, id)).toEqual({ ok: true, value: undefined });
      }
      expect(await store.teamMembers!.tellMembersAsLeader(proven, id + 1000)).toEqual({ ok: true, value: undefined });
      expect(await heldRows(store, id)).toBe(6);
      expect(await outbox(store)).toEqual(before);

      expect(await store.teamMembers!.tellMembersAsLeader(proven, id)).toEqual({
        ok: true,
        value: { teamName: "Capped", told: 5, taken: [] },
      });
      expect(await heldRows(store, id)).toBe(0);
      const notices = (await outbox(store)).slice(before.length);
      expect(notices.map((row) => [row.kind, row.recipient])).toEqual(
        [2, 3, 4, 5, 6].map((n) => ["team-member-notice", `capped.member${n}@example.org`]),
      );
      // In the language of the page the team was registered on, with each member's own working link.
      for (const notice of notices) {
        expect(notice.subject).toBe("Student Council वेबसाइट पर आपको एक हैकाथॉन टीम में जोड़ा गया है");
        expect(await store.teamMembers!.notice(tokenIn(notice.text_body)!)).toMatchObject({
          ok: true,
          value: { teamName: "Capped", confirmed: false },
        });
      }
      const after = await store.teamMembers!.ledBy(proven);
      const capped = after.ok ? after.value.find((team) => team.id === id) : undefined;
      expect(capped?.mayTellMembers).toBe(false);
      expect(capped?.members.every((member) => member.told)).toBe(true);

      // A second press: said to be done already, and nobody is written to twice.
      expect(await store.teamMembers!.tellMembersAsLeader(proven, id)).toEqual({
        ok: true,
        value: { teamName: "Capped", told: 0, taken: [], already: true },
      });
      expect(await outbox(store)).toHaveLength(before.length + notices.length);
    });

    it("addresses in a told team are left out and named; a member's notice over the cap is not sent and not said", async () => {
      const store = await engine.fresh({ mail });
      const { id, leader } = await cappedTeam(store);
      // Member 3's address is in a told team already; member 4's had its one e-mail today, leading a team of its own.
      const told = teamLedBy("Told", "told.leader@example.org");
      told.members[1] = { ...told.members[1]!, email: "Capped.Member3@example.org" };
      expect((await store.registerTeam(told, provenLeaderOf(told))).ok).toBe(true);
      expect((await store.registerTeam(teamLedBy("Busy", "capped.member4@example.org"))).ok).toBe(true);

      const proven = { accountKey: "leader-account", verifiedEmail: leader };
      expect(await store.teamMembers!.tellMembersAsLeader(proven, id)).toEqual({
        ok: true,
        value: { teamName: "Capped", told: 4, taken: ["capped.member3@example.org"] },
      });
      const notices = (await outbox(store)).filter(
        (row) => row.kind === "team-member-notice" && row.recipient.startsWith("capped."),
      );
      expect(notices.map((row) => row.recipient)).toEqual([2, 5, 6].map((n) => `capped.member${n}@example.org`));
      const led = await store.teamMembers!.ledBy(proven);
      const members = led.ok ? led.value.find((team) => team.id === id)?.members : undefined;
      expect(members?.map((member) => [member.name, member.told])).toEqual([
        ["Member 1", true],
        ["Member 2", true],
        ["Member 4", false],
        ["Member 5", true],
        ["Member 6", true],
      ]);
    });

    it("a leader whose own address is in a told team hears so, and nobody is told", async () => {
      const store = await engine.fresh({ mail });
      const other = sampleTeam("Other");
      expect((await store.registerTeam(other, provenLeaderOf(other))).ok).toBe(true);
      // Its notice from the other team was the address's one e-mail of the day: this team's receipt is held back.
      const leader = "other.member2@example.org";
      expect(await store.registerTeam(teamLedBy("Capped", leader))).toMatchObject({ value: { receiptHeld: true } });
      const id = await teamId(store, "Capped");
      const before = await outbox(store);
      expect(await store.teamMembers!.tellMembersAsLeader({ accountKey: "k", verifiedEmail: leader }, id)).toEqual({
        ok: true,
        value: { teamName: "Capped", told: 0, taken: [], leaderTaken: leader },
      });
      expect(await heldRows(store, id)).toBe(6);
      expect(await outbox(store)).toEqual(before);
    });
  });
}
