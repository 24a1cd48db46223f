import type {
  AccountRegistration,
  CouncilBackend,
  CouncilMember,
  CouncilRoleChange,
  Outcome,
  SignedInState,
} from "~/server/backend/council-backend.server";
import type {
  CouncilApplication,
  IdeaSubmission,
  RegisteredTeam,
  Suggestion,
  TeamRegistration,
} from "~/types/submissions";

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
    shareIdea: [] as IdeaSubmission[],
    sendSuggestion: [] as Suggestion[],
    grantCouncilRole: [] as string[],
    revokeCouncilRole: [] as string[],
  };
  const answers = {
    applyToCouncil: { ok: true } as Outcome,
    registerAccount: { ok: true } as Outcome,
    logIn: { ok: true, value: "test-credentials" } as Outcome<string>,
    whoIsSignedIn: { status: "signed-out" } as SignedInState,
    logOut: { ok: true } as Outcome,
    registerTeam: { ok: true, value: undefined } as Outcome<string | undefined>,
    listTeams: { ok: true, value: [] } as Outcome<RegisteredTeam[]>,
    shareIdea: { ok: true } as Outcome,
    sendSuggestion: { ok: true } as Outcome,
  };
  const roleChange = (collegeId: string): Outcome<CouncilRoleChange> => ({
    ok: true,
    value: { member: { collegeId }, changed: true },
  });

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
    async shareIdea(idea) {
      calls.shareIdea.push(idea);
      return answers.shareIdea;
    },
    async sendSuggestion(suggestion) {
      calls.sendSuggestion.push(suggestion);
      return answers.sendSuggestion;
    },
    async grantCouncilRole(collegeId) {
      calls.grantCouncilRole.push(collegeId);
      return roleChange(collegeId);
    },
    async revokeCouncilRole(collegeId) {
      calls.revokeCouncilRole.push(collegeId);
      return roleChange(collegeId);
    },
    async listCouncilMembers() {
      return { ok: true, value: [] as CouncilMember[] };
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
    answers.shareIdea = { ok: true };
    answers.sendSuggestion = { ok: true };
  }

  // What the routes import from ~/server/backend/index.server: one recording backend plays both parts.
  const modules = { identity: backend, submissions: backend, inbox: undefined };

  return { backend, modules, calls, answers, reset };
}

/*
 * Usage in a route test (vi.mock is hoisted, so the double is created inside vi.hoisted):
 *
 *   const fake = vi.hoisted(async () => (await import("../support/fake-backend")).createRecordingBackend());
 *   vi.mock("~/server/backend/index.server", async () => ((await fake).modules));
 *   beforeEach(async () => (await fake).reset());
 */
