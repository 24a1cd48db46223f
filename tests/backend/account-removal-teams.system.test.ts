import { describe, expect, it } from "vitest";
import type { BuiltInStore, StoreMail } from "~/server/backend/built-in/store.server";
import type { AccountRegistration } from "~/server/backend/council-backend.server";
import type { FirebaseIdentity } from "~/server/backend/firebase-identity.server";
import { storeMail } from "~/server/mail/mail-writer.server";
import { useFirebaseTestbed } from "../support/firebase-emulator";
import { testStoreMailWithHackathon, useStoreEngines } from "../support/store-engines";
import { sampleAccount, sampleTeam, upheldClaim } from "./samples";

/**
 * Every way an account is removed treats its hackathon teams alike: the student deleting it, the council rejecting its
 * College ID, an upheld "This College ID is mine", and retention of an account never confirmed; with the built-in
 * store's accounts and with Firebase sign-in, on both engines. A team the account is proven to lead goes whole and
 * its members who were told of it hear so; members who were never told (the leader never proven) hear nothing; the
 * account's own row in another team goes, and that team stays.
 */

const { engines, cluster } = useStoreEngines();
const testbed = useFirebaseTestbed(cluster);

const mail: StoreMail = storeMail(testStoreMailWithHackathon);

/** The council member deciding. */
const member = "0187ME220311";

const squattersTeam = sampleTeam("Squatters Team");
/** The squatter: registered a classmate's College ID with an address of their own, and leads a team of classmates. */
const squatter: AccountRegistration = {
  ...sampleAccount,
  enrollment: "0187CS251234",
  username: "Sunil Squatter",
  email: squattersTeam.members[0]!.email,
  phone: "+919800000001",
};
/** "This College ID is mine", for the squatter's College ID. */
const claim = {
  enrollment: squatter.enrollment,
  username: "Priya Claimant",
  email: "priya.claimant@example.org",
  idCard: { mediaType: "image/png", bytes: new Uint8Array([1, 2, 3]) },
};
const classmates = squattersTeam.members.slice(1).map(({ email }) => email);
/** Another team, with the squatter's address as its third member. */
const othersTeam = (() => {
  const team = sampleTeam("Other Team");
  team.members[2] = { ...team.members[2]!, email: squatter.email, name: "Sunil Squatter" };
  return team;
})();

const outbox = (store: BuiltInStore) =>
  store.database.read((trx) => trx.selectFrom("outbox").select(["kind", "recipient"]).orderBy("id").execute());
const disbandedTo = async (store: BuiltInStore) =>
  (await outbox(store)).filter((row) => row.kind === "team-disbanded").map((row) => row.recipient);
const teamNames = async (store: BuiltInStore) =>
  (await store.database.read((trx) => trx.selectFrom("teams").select("team_name").orderBy("team_name").execute())).map(
    (row) => row.team_name,
  );
const rowsOf = async (store: BuiltInStore, teamName: string) =>
  (
    await store.database.read((trx) =>
      trx
        .selectFrom("team_members as m")
        .innerJoin("teams as t", "t.id", "m.team_id")
        .select("m.email")
        .where("t.team_name", "=", teamName)
        .orderBy("m.position")
        .execute(),
    )
  ).map((row) => row.email);

/** An erasure recorded for the team and for the squatter's row in the other team, with the removal's reason. */
const teamErasures = (store: BuiltInStore) =>
  store.database.read((trx) =>
    trx
      .selectFrom("erasures")
      .select(["section", "what", "reason", "by_college_id"])
      .where("section", "=", "teams")
      .orderBy("id")
      .execute(),
  );

/**
 * The other team, sent signed out: its rows wait for its leader's button, so the squatter's address may be in it and
 * lead a told team too.
 */
async function otherTeamRegistered(store: BuiltInStore) {
  expect(await store.registerTeam(othersTeam)).toMatchObject({ ok: true });
}

/** The squatter's team, sent while signed in: proven (confirmed address) the members are told at once, else held. */
async function squattersTeamRegistered(store: BuiltInStore, accountKey: string, confirmed: boolean) {
  expect(
    await store.registerTeam(squattersTeam, { accountKey, verifiedEmail: confirmed ? squatter.email : undefined }),
  ).toMatchObject({ ok: true });
}

/** What every removal of a proven leader leaves: the team gone, each told member told once, the other team intact. */
async function expectProvenLeaderRemoved(store: BuiltInStore, reason: string) {
  expect(await teamNames(store)).toEqual(["Other Team"]);
  expect(await disbandedTo(store)).toEqual(classmates);
  expect(await rowsOf(store, "Other Team")).toEqual(
    othersTeam.members.map(({ email }) => email).filter((email) => email !== squatter.email),
  );
  expect((await teamErasures(store)).map(({ what, reason: why }) => [what, why]).sort()).toEqual([
    ["entry", reason],
    ["member", reason],
  ]);
}

for (const engine of engines) {
  describe(`a removed account's teams, built-in accounts on ${engine.name}`, { timeout: 60_000 }, () => {
    /** The squatter's account, confirmed or not, with its key. */
    async function squatterAccount(store: BuiltInStore, confirmed: boolean) {
      expect(await store.registerAccount(squatter)).toEqual({ ok: true });
      if (confirmed)
        await store.database.write((trx) =>
          trx.updateTable("accounts").set({ email_verified_at: new Date().toISOString() }).execute(),
        );
      const row = await store.database.read((trx) =>
        trx.selectFrom("accounts").select("uid").executeTakeFirstOrThrow(),
      );
      return row.uid;
    }

    /** A fresh store with the squatter's account (confirmed or not), the other team, then the squatter's team. */
    async function squatterWithTeams(confirmed: boolean) {
      const store = await engine.fresh({ mail });
      const key = await squatterAccount(store, confirmed);
      await otherTeamRegistered(store);
      await squattersTeamRegistered(store, key, confirmed);
      return { store, key };
    }

    it("the student deleting their account: the team goes, its members are told, their row elsewhere goes", async () => {
      const { store, key } = await squatterWithTeams(true);
      expect(await store.students.erase({ accountKey: key, verifiedEmail: squatter.email })).toMatchObject({
        ok: true,
        value: { teamsLed: 1, teamMemberships: 1 },
      });
      await expectProvenLeaderRemoved(store, "student-request");
    });

    it("the council rejecting the account's College ID: the same, and the squatter is told why", async () => {
      const { store, key } = await squatterWithTeams(true);
      expect(await store.accountChecks.rejectAccount(key, member)).toMatchObject({ ok: true });
      await expectProvenLeaderRemoved(store, "council-request");
      expect((await outbox(store)).filter((row) => row.kind === "account-rejected")).toHaveLength(1);
    });

    it("an upheld College ID claim: the squatter's team of classmates goes and the classmates are told", async () => {
      const { store } = await squatterWithTeams(true);
      expect(await upheldClaim(store.accountChecks, claim, member)).toMatchObject({
        ok: true,
        value: { removedAccount: squatter.username },
      });
      await expectProvenLeaderRemoved(store, "council-request");
    });

    it("retention of an account never confirmed: its held team goes, and members never told hear nothing now", async () => {
      const { store } = await squatterWithTeams(false);
      await store.database.write((trx) =>
        trx
          .updateTable("accounts")
          .set({ verify_by: new Date(Date.now() - 60_000).toISOString() })
          .execute(),
      );
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({
        unverifiedAccounts: 1,
      });
      expect(await teamNames(store)).toEqual(["Other Team"]);
      expect(await disbandedTo(store)).toEqual([]);
      // Never confirmed, its address proves no row in another team: that team keeps it.
      expect(await rowsOf(store, "Other Team")).toEqual(othersTeam.members.map(({ email }) => email));
    });

    it("a rejected leader never proven: the team goes, its members never told are not written to", async () => {
      const store = await engine.fresh({ mail });
      const key = await squatterAccount(store, false);
      await squattersTeamRegistered(store, key, false);
      expect(await store.accountChecks.rejectAccount(key, member)).toMatchObject({ ok: true });
      expect(await teamNames(store)).toEqual([]);
      expect(await disbandedTo(store)).toEqual([]);
    });

    it("the members' notices stay within the cap per address", async () => {
      const store = await engine.fresh({ mail: { ...mail, caps: { noticesPerAddress: 1 } } });
      const key = await squatterAccount(store, true);
      // Each member already had their one notice today (the team's own notice): the disbanding is held back.
      await squattersTeamRegistered(store, key, true);
      expect(await store.accountChecks.rejectAccount(key, member)).toMatchObject({ ok: true });
      expect(await teamNames(store)).toEqual([]);
      expect(await disbandedTo(store)).toEqual([]);
    });
  });

  describe(`a removed account's teams, Firebase sign-in on ${engine.name}`, { timeout: 90_000 }, () => {
    async function firebaseSetUp(confirmed: boolean) {
      const store = await engine.fresh({ mail });
      const identity: FirebaseIdentity = testbed.identity(store, { database: store.database });
      expect(await identity.registerAccount(squatter)).toEqual({ ok: true });
      if (confirmed) await testbed.auth.updateUser(squatter.enrollment, { emailVerified: true });
      const { account_key: key } = await store.database.read((trx) =>
        trx
          .selectFrom("account_keys")
          .select("account_key")
          .where("uid", "=", squatter.enrollment)
          .where("retired_at", "is", null)
          .executeTakeFirstOrThrow(),
      );
      await otherTeamRegistered(store);
      await squattersTeamRegistered(store, key, confirmed);
      return { store, identity, key };
    }

    it("the council rejecting the account's College ID", async () => {
      const { store, identity } = await firebaseSetUp(true);
      const awaiting = await identity.accountChecks!.awaiting({ page: 1, pageSize: 10 });
      const pageKey = awaiting.ok ? awaiting.value.accounts[0]!.key : "";
      expect(await identity.accountChecks!.rejectAccount(pageKey, member)).toMatchObject({ ok: true });
      await expect(testbed.auth.getUser(squatter.enrollment)).rejects.toMatchObject({ code: "auth/user-not-found" });
      await expectProvenLeaderRemoved(store, "council-request");
    });

    it("an upheld College ID claim", async () => {
      const { store, identity } = await firebaseSetUp(true);
      expect(await upheldClaim(identity.accountChecks!, claim, member)).toMatchObject({ ok: true });
      await expectProvenLeaderRemoved(store, "council-request");
    });

    it("retention of an account never confirmed: the held team goes, nobody is written to", async () => {
      const { store, identity } = await firebaseSetUp(false);
      await store.database.write((trx) =>
        trx
          .updateTable("profiles")
          .set({ verify_by: new Date(Date.now() - 60_000).toISOString() })
          .execute(),
      );
      expect(await identity.removeUnverifiedAccounts!()).toMatchObject({ removed: 1, complete: true });
      expect(await teamNames(store)).toEqual(["Other Team"]);
      expect(await disbandedTo(store)).toEqual([]);
      expect(await rowsOf(store, "Other Team")).toEqual(othersTeam.members.map(({ email }) => email));
    });

    it("the student deleting their account", async () => {
      const { store, key } = await firebaseSetUp(true);
      expect(await store.students.erase({ accountKey: key, verifiedEmail: squatter.email })).toMatchObject({
        ok: true,
        value: { teamsLed: 1, teamMemberships: 1 },
      });
      await store.profiles.eraseProfile(squatter.enrollment);
      await expectProvenLeaderRemoved(store, "student-request");
    });
  });
}
