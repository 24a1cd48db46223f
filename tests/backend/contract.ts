import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CouncilBackend, IdentityProvider, SubmissionStore } from "~/server/backend/council-backend.server";
import {
  sampleApplication as application,
  sampleStudent as student,
  sampleTeam as validTeam,
  studentPassword,
} from "./samples";

/**
 * The behaviour every adapter must show, whichever runs, in two parts chosen apart at start: who signs people in
 * (identity: the built-in store, the council API, Firebase) and where submissions go (submissions: the built-in
 * store, the council API). Only the interfaces and the harnesses are used here, nothing that belongs to one adapter.
 */

/** An account as the contract seeds it: what the registration form collects, less the ID card. */
export interface SeedAccount {
  enrollment: string;
  dob: string /* YYYY-MM-DD */;
  username: string;
  email: string;
  phone: string;
  college: string;
  branch: string;
  gender: "Male" | "Female" | "Other";
}

export interface IdentityHarness {
  identity: IdentityProvider;
  /** Creates an account that logIn(enrollment, dob as DDMMYYYY) accepts. */
  seedAccount(account: SeedAccount): Promise<void>;
  close(): Promise<void>;
}

export interface SubmissionsHarness {
  submissions: SubmissionStore;
  close(): Promise<void>;
}

/** An adapter that is both (the built-in store, the council API) runs both parts from one harness. */
export interface BackendHarness {
  backend: CouncilBackend;
  seedAccount: (account: SeedAccount) => Promise<void>;
  close: () => Promise<void>;
}

export function describeCouncilBackendContract(name: string, makeHarness: () => Promise<BackendHarness>): void {
  describeIdentityContract(name, async () => {
    const { backend, seedAccount, close } = await makeHarness();
    return { identity: backend, seedAccount, close };
  });
  describeSubmissionsContract(name, async () => {
    const { backend, close } = await makeHarness();
    return { submissions: backend, close };
  });
}

function withHarness<H extends { close(): Promise<void> }>(makeHarness: () => Promise<H>): () => H {
  let harness: H | undefined;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  return () => {
    if (!harness) throw new Error("the harness is only there inside a test");
    return harness;
  };
}

export function describeIdentityContract(name: string, makeHarness: () => Promise<IdentityHarness>): void {
  describe(`${name}: the identity contract`, () => {
    const harness = withHarness(makeHarness);
    const identity = () => harness().identity;

    it("logging in with the College ID and the date of birth as DDMMYYYY gives credentials", async () => {
      await harness().seedAccount(student);
      const outcome = await identity().logIn(student.enrollment, studentPassword);
      expect(outcome).toMatchObject({ ok: true, value: expect.any(String) as string });
      expect(outcome.ok && outcome.value.length).toBeGreaterThan(0);
    });

    it("the login's credentials show the student as signed in with their username and email", async () => {
      await harness().seedAccount(student);
      const login = await identity().logIn(student.enrollment, studentPassword);
      if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);

      const state = await identity().whoIsSignedIn(login.value);
      expect(state).toMatchObject({ status: "signed-in", user: { username: student.username, email: student.email } });
    });

    it("refuses a wrong password", async () => {
      await harness().seedAccount(student);
      expect(await identity().logIn(student.enrollment, "10032004")).toMatchObject({
        ok: false,
        reason: "rejected",
      });
    });

    it("refuses an unknown College ID", async () => {
      await harness().seedAccount(student);
      expect(await identity().logIn("0187CS229999", studentPassword)).toMatchObject({
        ok: false,
        reason: "rejected",
      });
    });

    it("answers signed-out for credentials it never gave", async () => {
      expect(await identity().whoIsSignedIn("credentials-nobody-issued")).toEqual({ status: "signed-out" });
    });

    it("after logging out the same credentials are signed out", async () => {
      await harness().seedAccount(student);
      const login = await identity().logIn(student.enrollment, studentPassword);
      if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);

      expect(await identity().logOut(login.value)).toEqual({ ok: true });
      expect(await identity().whoIsSignedIn(login.value)).toEqual({ status: "signed-out" });
    });
  });
}

export function describeSubmissionsContract(name: string, makeHarness: () => Promise<SubmissionsHarness>): void {
  describe(`${name}: the submissions contract`, () => {
    const harness = withHarness(makeHarness);
    const submissions = () => harness().submissions;

    it("accepts an application to join the council", async () => {
      expect(await submissions().applyToCouncil(application)).toEqual({ ok: true });
    });

    it("lists no teams before any registers", async () => {
      expect(await submissions().listTeams()).toEqual({ ok: true, value: [] });
    });

    it("a registered team appears in the list with its name and category", async () => {
      const registration = await submissions().registerTeam(validTeam("Byte Benders", "bytes"));
      expect(registration.ok).toBe(true);

      const teams = await submissions().listTeams();
      expect(teams).toMatchObject({ ok: true, value: [{ teamName: "Byte Benders", category: "design" }] });
      expect(teams.ok && teams.value[0]?._id).toEqual(expect.any(String));
    });

    it("refuses a second team with the same name in other letter case, with a message", async () => {
      expect((await submissions().registerTeam(validTeam("Byte Benders", "first"))).ok).toBe(true);

      const second = await submissions().registerTeam(validTeam("BYTE benders", "second"));
      expect(second).toMatchObject({ ok: false, reason: "rejected", refusal: { code: expect.any(String) as string } });
      const teams = await submissions().listTeams();
      expect(teams.ok && teams.value.map((team) => team.teamName)).toEqual(["Byte Benders"]);
    });

    it("accepts an idea and a suggestion (kept, or only confirmed where the backend has no place for them)", async () => {
      const sender = { name: "Meera Joshi", enrollment: "0187CS231007", college: "TIT" };
      expect(
        await submissions().shareIdea({
          ...sender,
          title: "Solar benches",
          description: "Benches.",
          impact: "Charged phones.",
        }),
      ).toEqual({ ok: true });
      expect(
        await submissions().sendSuggestion({ ...sender, problem: "Dark paths.", solution: "More lamps." }),
      ).toEqual({ ok: true });
    });
  });
}
