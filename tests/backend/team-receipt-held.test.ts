import { describe, expect, it } from "vitest";
import { defaultMailCaps } from "~/server/backend/built-in/mail-caps.server";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { TeamRegistration } from "~/types/submissions";
import { testStoreMail, useStoreEngines } from "../support/store-engines";
import { provenLeaderOf, sampleTeam } from "./samples";

/**
 * A team whose leader's receipt the per-address cap held back, on both engines: the store says so to the page, keeps
 * no link nobody received, and "Add a member" does not send the leader looking for it.
 */

const { engines } = useStoreEngines();

/** A team led by `leader`, its members' addresses its own. */
function teamLedBy(name: string, leader: string): TeamRegistration {
  const team = sampleTeam(name);
  team.members[0] = { ...team.members[0]!, email: leader };
  return team;
}

/** Uses up the leader address's receipts for the day, with teams of its own. */
async function useUpReceipts(store: BuiltInStore, leader: string) {
  for (let run = 0; run < defaultMailCaps.noticesPerAddress; run++) {
    expect(await store.registerTeam(teamLedBy(`Earlier ${run}`, leader))).toEqual({ ok: true, value: undefined });
  }
}

const receiptsTo = (store: BuiltInStore, leader: string) =>
  store.database.read((trx) =>
    trx
      .selectFrom("outbox")
      .select(["kind", "recipient"])
      .where("kind", "=", "team-receipt")
      .where("recipient", "=", leader)
      .execute(),
  );

const teamRow = (store: BuiltInStore, name: string) =>
  store.database.read((trx) =>
    trx.selectFrom("teams").select(["id", "leader_token_hash"]).where("team_name", "=", name).executeTakeFirstOrThrow(),
  );

for (const engine of engines) {
  describe(`a team receipt held back by the cap, on ${engine.name}`, () => {
    it("a held team's registration is saved, says its receipt and the link to tell the members were not sent, and keeps no link", async () => {
      const store = await engine.fresh({ mail: testStoreMail });
      const leader = "busy.leader@example.org";
      await useUpReceipts(store, leader);

      expect(await store.registerTeam(teamLedBy("Capped", leader))).toEqual({
        ok: true,
        value: { receiptHeld: true, membersWaiting: true },
      });
      expect(await receiptsTo(store, leader)).toHaveLength(defaultMailCaps.noticesPerAddress);
      // The team is kept, held; no link exists that anyone could press.
      expect((await teamRow(store, "Capped")).leader_token_hash).toBeNull();
      const teams = await store.listTeams();
      expect(teams.ok && teams.value.map((team) => team.teamName)).toContain("Capped");
    });

    it("a proven leader's capped receipt is said too, and the members are told as ever", async () => {
      const store = await engine.fresh({ mail: testStoreMail });
      const leader = "proven.leader@example.org";
      await useUpReceipts(store, leader);
      const team = teamLedBy("Proven Capped", leader);

      expect(await store.registerTeam(team, provenLeaderOf(team))).toEqual({
        ok: true,
        value: { receiptHeld: true, membersWaiting: false },
      });
      const notices = await store.database.read((trx) =>
        trx.selectFrom("outbox").select("recipient").where("kind", "=", "team-member-notice").execute(),
      );
      expect(notices.map((row) => row.recipient)).toEqual(team.members.slice(1).map((member) => member.email));
    });

    it("'Add a member' on a held team whose receipt never went says there is no link to press; with a receipt it points to it", async () => {
      const store = await engine.fresh({ mail: testStoreMail });
      const leader = "adding.leader@example.org";
      const withReceipt = teamLedBy("With Receipt", leader);
      withReceipt.members.pop();
      expect(await store.registerTeam(withReceipt)).toEqual({ ok: true, value: undefined });
      for (let run = 1; run < defaultMailCaps.noticesPerAddress; run++) {
        expect((await store.registerTeam(teamLedBy(`Filler ${run}`, leader))).ok).toBe(true);
      }
      const capped = teamLedBy("Without Receipt", leader);
      capped.members.pop();
      expect(await store.registerTeam(capped)).toMatchObject({ ok: true, value: { receiptHeld: true } });

      // The leader, signed in later with the address confirmed, adds a sixth member to each.
      const proof = { accountKey: "adding-leader-key", verifiedEmail: leader };
      const newMember = (prefix: string) => ({ ...withReceipt.members[1]!, email: `${prefix}.sixth@example.org` });
      const { id: cappedId } = await teamRow(store, "Without Receipt");
      expect(await store.teamMembers!.addMember(proof, cappedId, newMember("capped"))).toEqual({
        ok: true,
        value: { members: 6, told: false, noReceipt: true },
      });
      const { id: receiptId } = await teamRow(store, "With Receipt");
      expect(await store.teamMembers!.addMember(proof, receiptId, newMember("receipt"))).toEqual({
        ok: true,
        value: { members: 6, told: false },
      });
      // The leader's profile says the waiting members were sent nothing, not that a link went to them.
      const led = await store.teamMembers!.ledBy(proof);
      const members = led.ok
        ? led.value.flatMap((team) => team.members.filter((member) => member.role === "member"))
        : [];
      expect(members.length).toBeGreaterThan(0);
      expect(members.every((member) => !member.told && !member.confirmed)).toBe(true);
    });
  });
}
