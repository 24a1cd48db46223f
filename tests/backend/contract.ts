import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CouncilBackend } from "~/server/backend/council-backend.server";
import { sampleApplication as application, sampleStudent as student, sampleTeam as validTeam, studentPassword } from "./samples";

/**
 * The behaviour every council backend must show, whichever adapter runs: the built-in store and the council-API
 * adapter (against the fake council API) both run this. Only the interface and the harness are used here, nothing
 * that belongs to one adapter.
 */
export interface BackendHarness {
  backend: CouncilBackend;
  /** Creates an account that logIn(enrollment, dob as DDMMYYYY) accepts. */
  seedAccount(account: {
    enrollment: string;
    dob: string /* YYYY-MM-DD */;
    username: string;
    email: string;
    phone: string;
    college: string;
    branch: string;
    gender: "Male" | "Female" | "Other";
  }): Promise<void>;
  close(): Promise<void>;
}




export function describeCouncilBackendContract(name: string, makeHarness: () => Promise<BackendHarness>): void {
  describe(`${name}: the council backend contract`, () => {
    let harness: BackendHarness;

    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await harness.close();
    });

    it("accepts an application to join the council", async () => {
      expect(await harness.backend.applyToCouncil(application)).toEqual({ ok: true });
    });

    it("logging in with the College ID and the date of birth as DDMMYYYY gives credentials", async () => {
      await harness.seedAccount(student);
      const outcome = await harness.backend.logIn(student.enrollment, studentPassword);
      expect(outcome).toMatchObject({ ok: true, value: expect.any(String) });
      expect(outcome.ok && outcome.value.length).toBeGreaterThan(0);
    });

    it("the login's credentials show the student as signed in with their username and email", async () => {
      await harness.seedAccount(student);
      const login = await harness.backend.logIn(student.enrollment, studentPassword);
      if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);

      const state = await harness.backend.whoIsSignedIn(login.value);
      expect(state).toMatchObject({ status: "signed-in", user: { username: student.username, email: student.email } });
    });

    it("refuses a wrong password", async () => {
      await harness.seedAccount(student);
      expect(await harness.backend.logIn(student.enrollment, "10032004")).toMatchObject({
        ok: false,
        reason: "rejected",
      });
    });

    it("refuses an unknown College ID", async () => {
      await harness.seedAccount(student);
      expect(await harness.backend.logIn("0187CS229999", studentPassword)).toMatchObject({
        ok: false,
        reason: "rejected",
      });
    });

    it("answers signed-out for credentials it never gave", async () => {
      expect(await harness.backend.whoIsSignedIn("credentials-nobody-issued")).toEqual({ status: "signed-out" });
    });

    it("after logging out the same credentials are signed out", async () => {
      await harness.seedAccount(student);
      const login = await harness.backend.logIn(student.enrollment, studentPassword);
      if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);

      expect(await harness.backend.logOut(login.value)).toEqual({ ok: true });
      expect(await harness.backend.whoIsSignedIn(login.value)).toEqual({ status: "signed-out" });
    });

    it("lists no teams before any registers", async () => {
      expect(await harness.backend.listTeams()).toEqual({ ok: true, value: [] });
    });

    it("a registered team appears in the list with its name and category", async () => {
      const registration = await harness.backend.registerTeam(validTeam("Byte Benders", "bytes"));
      expect(registration.ok).toBe(true);

      const teams = await harness.backend.listTeams();
      expect(teams).toMatchObject({ ok: true, value: [{ teamName: "Byte Benders", category: "design" }] });
      expect(teams.ok && teams.value[0]?._id).toEqual(expect.any(String));
    });

    it("refuses a second team with the same name in other letter case, with a message", async () => {
      expect((await harness.backend.registerTeam(validTeam("Byte Benders", "first"))).ok).toBe(true);

      const second = await harness.backend.registerTeam(validTeam("BYTE benders", "second"));
      expect(second).toMatchObject({ ok: false, reason: "rejected", message: expect.stringMatching(/\S/) });
      const teams = await harness.backend.listTeams();
      expect(teams.ok && teams.value.map((team) => team.teamName)).toEqual(["Byte Benders"]);
    });
  });
}
