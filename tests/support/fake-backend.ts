import type {
  AccountRegistration,
  CouncilBackend,
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
import type { TeamReceipt } from "~/server/backend/team-backend.server";
import { type App, useApp } from "~/server/app.server";
import { afterAll, beforeAll } from "vitest";

/** Every call the routes made, by method, in order. */
function noCalls() {
  return {
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
}

/** What each method answers until a test says otherwise: everything succeeds, nobody is signed in. */
function usualAnswers() {
  return {
    applyToCouncil: { ok: true } as Outcome,
    registerAccount: { ok: true } as Outcome,
    logIn: { ok: true, value: "test-credentials" } as Outcome<string>,
    whoIsSignedIn: { status: "signed-out" } as SignedInState,
    logOut: { ok: true } as Outcome,
    registerTeam: { ok: true, value: undefined } as Outcome<string | TeamReceipt | undefined>,
    listTeams: { ok: true, value: [] } as Outcome<RegisteredTeam[]>,
    shareIdea: { ok: true } as Outcome,
    sendSuggestion: { ok: true } as Outcome,
  };
}

function recordAndAnswer<Call, Answer>(calls: Call[], call: Call, answer: Answer): Promise<Answer> {
  calls.push(call);
  return Promise.resolve(answer);
}

const roleChange = (collegeId: string): Outcome<CouncilRoleChange> => ({
  ok: true,
  value: { member: { collegeId }, changed: true },
});

/**
 * A council backend for route tests: records every call and answers what the test set, so a route's handling of
 * each outcome (success, rejected with a message, unavailable) can be checked without a database or a network.
 * The real adapters have their own tests (tests/backend/). `useRecordingBackend` makes it the running app's.
 */
export function createRecordingBackend() {
  const calls = noCalls();
  const answers = usualAnswers();

  const backend: CouncilBackend = {
    description: "recording test backend",
    applyToCouncil: (application) => recordAndAnswer(calls.applyToCouncil, application, answers.applyToCouncil),
    registerAccount: (registration) => recordAndAnswer(calls.registerAccount, registration, answers.registerAccount),
    logIn: (collegeId, password) => recordAndAnswer(calls.logIn, { collegeId, password }, answers.logIn),
    whoIsSignedIn: (credentials) => recordAndAnswer(calls.whoIsSignedIn, credentials, answers.whoIsSignedIn),
    logOut: (credentials) => recordAndAnswer(calls.logOut, credentials, answers.logOut),
    registerTeam: (team) => recordAndAnswer(calls.registerTeam, team, answers.registerTeam),
    listTeams: () => {
      calls.listTeams += 1;
      return Promise.resolve(answers.listTeams);
    },
    shareIdea: (idea) => recordAndAnswer(calls.shareIdea, idea, answers.shareIdea),
    sendSuggestion: (suggestion) => recordAndAnswer(calls.sendSuggestion, suggestion, answers.sendSuggestion),
    grantCouncilRole: (collegeId) => recordAndAnswer(calls.grantCouncilRole, collegeId, roleChange(collegeId)),
    revokeCouncilRole: (collegeId) => recordAndAnswer(calls.revokeCouncilRole, collegeId, roleChange(collegeId)),
    listCouncilMembers: () => Promise.resolve({ ok: true, value: [] }),
  };

  /** Forgets the calls and restores the usual answers; the objects stay the same, so tests may keep them. */
  function reset() {
    Object.assign(calls, noCalls());
    Object.assign(answers, usualAnswers());
  }

  /** The methods the routes called; none means nothing left the site. */
  const calledMethods = () =>
    Object.entries(calls)
      .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== 0))
      .map(([method]) => method);

  // The running app the routes reach through ~/server/backend/running-backends.server: one recording backend plays
  // both parts; no store, no inbox, no e-mail; nothing to start or stop.
  const app: App = {
    identity: backend,
    submissions: backend,
    inbox: undefined,
    builtInStore: undefined,
    mailSender: undefined,
    contentWatch: undefined,
    applyRetentionNow: () => Promise.resolve(undefined),
    start: () => undefined,
    halt: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };

  return { backend, app, calls, answers, reset, calledMethods };
}

/**
 * A recording backend as the running app for the test file's routes (the composition root's `useApp`), from its
 * first test to its last; then the routes compose the default app again. Not a module mock: test files that share a
 * worker share its modules too, and a mock would outlive its file.
 *
 *   const fake = useRecordingBackend();
 *   beforeEach(() => fake.reset());
 */
export function useRecordingBackend(): ReturnType<typeof createRecordingBackend> {
  const fake = createRecordingBackend();
  beforeAll(() => useApp(fake.app));
  afterAll(() => useApp(undefined));
  return fake;
}
