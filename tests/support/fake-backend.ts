import type {
  AccountRegistration,
  CouncilApplication,
  CouncilBackend,
  Outcome,
  RegisteredTeam,
  SignedInState,
  TeamRegistration,
} from "~/server/backend/council-backend.server";

/**
 * A council backend for route tests: records every call and answers what the test set, so a route's handling of
 * each outcome (success, rejected with a message, unavailable) can be checked without a database or a network.
 * The real adapters have their own tests (tests/backend/).
 */
export function createRecordingBackend() {
  const calls = {
    applyToCouncil: [] as CouncilApplication[],
    registerAccount: [] as AccountRegistration[],
    logIn: [] as { collegeId: string; password: string }[],
    whoIsSignedIn: [] as string[],
    logOut: [] as string[],
    registerTeam: [] as TeamRegistration[],
    listTeams: 0,
  };
  const answers = {
    applyToCouncil: { ok: true } as Outcome,
    registerAccount: { ok: true } as Outcome,
    logIn: { ok: true, value: "test-credentials" } as Outcome<string>,
    whoIsSignedIn: { status: "signed-out" } as SignedInState,
    logOut: { ok: true } as Outcome,
    registerTeam: { ok: true, value: undefined } as Outcome<string | undefined>,
    listTeams: { ok: true, value: [] } as Outcome<RegisteredTeam[]>,
  };

  const backend: CouncilBackend = {
    description: "recording test backend",
    async applyToCouncil(application) {
      calls.applyToCouncil.push(application);
      return answers.applyToCouncil;
    },
    async registerAccount(registration) {
      calls.registerAccount.push(registration);
      return answers.registerAccount;
    },
    async logIn(collegeId, password) {
      calls.logIn.push({ collegeId, password });
      return answers.logIn;
    },
    async whoIsSignedIn(credentials) {
      calls.whoIsSignedIn.push(credentials);
      return answers.whoIsSignedIn;
    },
    async logOut(credentials) {
      calls.logOut.push(credentials);
      return answers.logOut;
    },
    async registerTeam(team) {
      calls.registerTeam.push(team);
      return answers.registerTeam;
    },
    async listTeams() {
      calls.listTeams += 1;
      return answers.listTeams;
    },
  };

  function reset() {
    for (const key of Object.keys(calls) as (keyof typeof calls)[]) {
      if (key === "listTeams") calls.listTeams = 0;
      else calls[key].length = 0;
    }
    answers.applyToCouncil = { ok: true };
    answers.registerAccount = { ok: true };
    answers.logIn = { ok: true, value: "test-credentials" };
    answers.whoIsSignedIn = { status: "signed-out" };
    answers.logOut = { ok: true };
    answers.registerTeam = { ok: true, value: undefined };
    answers.listTeams = { ok: true, value: [] };
  }

  return { backend, calls, answers, reset };
}

/*
 * Usage in a route test (vi.mock is hoisted, so the double is created inside vi.hoisted):
 *
 *   const fake = vi.hoisted(async () => (await import("../support/fake-backend")).createRecordingBackend());
 *   vi.mock("~/server/backend/index.server", async () => ({ councilBackend: (await fake).backend }));
 *   beforeEach(async () => (await fake).reset());
 */
