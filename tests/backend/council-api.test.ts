import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { log } from "~/server/ops/log.server";
import { createCouncilApiBackend } from "~/server/backend/council-api.server";
import type { CouncilBackend } from "~/server/backend/council-backend.server";
import { startFakeCouncilApi, type FakeCouncilApi } from "../../scripts/fake-council-api.mjs";
import {
  sampleAccount,
  sampleApplication as application,
  sampleProfile,
  sampleStudent,
  sampleTeam as team,
  studentPassword,
  tinyPng,
} from "./samples";

// The fake's account also has a bio, which the profile passes through.
const student = { ...sampleStudent, bio: "Builds robots." };

// The council-API adapter against the fake council API, a real HTTP server on loopback: what goes on the wire
// (method, path, JSON body, headers, the forwarded cookie) and what every kind of failure turns into.

let fake: FakeCouncilApi;
let backend: CouncilBackend;
let consoleError: MockInstance<typeof log.error>;

/** Everything the adapter wrote to console.error, one string per call. */
const errorLog = () => consoleError.mock.calls.map((args) => args.map(String).join(" "));

beforeEach(async () => {
  fake = await startFakeCouncilApi();
  fake.addAccount(student);
  backend = createCouncilApiBackend({ apiUrl: fake.url, authUrl: fake.url, timeoutMs: 2_000 });
  consoleError = vi.spyOn(log, "error").mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
});

async function logInStudent(): Promise<string> {
  const login = await backend.logIn(student.enrollment, studentPassword);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.value;
}

describe("council API adapter: what the API does not do", () => {
  it("confirms ideas and suggestions without sending anything (the council API has no place for them), and has no inbox", async () => {
    const sender = { name: "Meera Joshi", enrollment: "0187CS231007", college: "TIT" };
    expect(
      await backend.shareIdea({ ...sender, title: "Solar benches", description: "Benches.", impact: "Phones." }),
    ).toEqual({ ok: true });
    expect(await backend.sendSuggestion({ ...sender, problem: "Dark paths.", solution: "More lamps." })).toEqual({
      ok: true,
    });
    expect(fake.requests).toHaveLength(0);
    expect(backend.inbox).toBeUndefined();
  });

  it("answers every council role call with why it is not available, without calling the API", async () => {
    const notAvailable = {
      ok: false,
      reason: "rejected",
      refusal: { code: "councilRoleNotAvailable" },
    };
    expect(await backend.grantCouncilRole(student.enrollment)).toEqual(notAvailable);
    expect(await backend.revokeCouncilRole(student.enrollment)).toEqual(notAvailable);
    expect(await backend.listCouncilMembers()).toEqual(notAvailable);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("council API adapter: the calls the council API offers", () => {
  it("names the API and auth hosts in its start-up description", () => {
    const described = createCouncilApiBackend({
      apiUrl: "https://api.council.example/",
      authUrl: "https://auth.council.example",
      timeoutMs: 8_000,
    });
    expect(described.description).toBe(
      "council API at https://api.council.example (auth at https://auth.council.example)",
    );
  });

  it("applying POSTs exactly the twelve application fields as JSON to /council/apply", async () => {
    expect(await backend.applyToCouncil(application)).toEqual({ ok: true });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/council/apply" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.accept).toBe("application/json");
    expect(Object.keys(application)).toHaveLength(12);
    expect(request?.body).toEqual(application);
  });

  it("an application the API refuses with a 4xx is rejected", async () => {
    fake.setBehaviour({ status: 422 });
    expect(await backend.applyToCouncil(application)).toEqual({ ok: false, reason: "rejected" });
  });

  it("logging in POSTs collegeId and password as JSON to /auth/login", async () => {
    await logInStudent();

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/auth/login" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.body).toEqual({ collegeId: "0187CS221042", password: "09032004" });
  });

  it("the API's session cookie becomes the credentials, without its attributes", async () => {
    const credentials = await logInStudent();
    expect(credentials).toMatch(/^council_session=[\w-]+$/);
  });

  it("several cookies from the login become one Cookie header value", async () => {
    fake.setBehaviour({ extraSetCookies: ["council_csrf=abc123; Path=/; SameSite=Lax; Secure"] });
    const credentials = await logInStudent();
    expect(credentials).toMatch(/^council_session=[\w-]+; council_csrf=abc123$/);
  });

  it("passes the server's message through for an unknown College ID", async () => {
    expect(await backend.logIn("0187CS229999", studentPassword)).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "No account with this College ID." },
    });
  });

  it("passes the server's message through for a wrong password", async () => {
    expect(await backend.logIn(student.enrollment, "10032004")).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "Invalid College ID or Password." },
    });
  });

  it("a login refused without a message (or with a non-JSON body) is rejected with no message", async () => {
    fake.setBehaviour({ status: 401, body: { message: "" } });
    expect(await backend.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "rejected" });

    fake.setBehaviour({ status: 403, nonJson: true });
    expect(await backend.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "rejected" });
  });

  it("forwards the login's cookie on /auth/me and maps the user", async () => {
    const credentials = await logInStudent();
    fake.reset();

    expect(await backend.whoIsSignedIn(credentials)).toEqual({
      status: "signed-in",
      user: { ...sampleProfile, bio: "Builds robots." },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/auth/me", body: undefined });
    expect(fake.requests[0]?.headers.cookie).toBe(credentials);
    expect(fake.requests[0]?.headers.accept).toBe("application/json");
  });

  it("accepts a bare user object, takes name as the username and keeps only text fields", async () => {
    fake.setBehaviour({ body: { name: "Riya Sen", email: "riya@example.org", phone: 9876543210, bio: null } });
    expect(await backend.whoIsSignedIn("council_session=x")).toEqual({
      status: "signed-in",
      user: { username: "Riya Sen", email: "riya@example.org" },
    });
  });

  it("credentials the API does not know are signed out, logged as 'Failed to fetch user profile'", async () => {
    expect(await backend.whoIsSignedIn("council_session=forged")).toEqual({ status: "signed-out" });
    expect(errorLog().join("\n")).toContain("Failed to fetch user profile");
  });

  it("an answer of { user: null } is signed out", async () => {
    fake.setBehaviour({ body: { user: null } });
    expect(await backend.whoIsSignedIn("council_session=x")).toEqual({ status: "signed-out" });
  });

  it("logging out sends the cookie to /auth/logout, and the session is gone afterwards", async () => {
    const credentials = await logInStudent();
    fake.reset();

    expect(await backend.logOut(credentials)).toEqual({ ok: true });
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/auth/logout" });
    expect(fake.requests[0]?.headers.cookie).toBe(credentials);
    expect(await backend.whoIsSignedIn(credentials)).toEqual({ status: "signed-out" });
  });

  it("a logout the API refuses is a failure and is logged", async () => {
    fake.setBehaviour({ status: 401 });
    expect(await backend.logOut("council_session=x")).toEqual({ ok: false, reason: "rejected" });
    expect(errorLog().join("\n")).toMatch(
      /logOut \(GET http:\/\/127\.0\.0\.1:\d+\/auth\/logout\) failed: answered 401/,
    );
  });

  it("registering a team POSTs teamName, category, description and the members as JSON to /api/registration", async () => {
    expect(await backend.registerTeam(team("Byte Benders"))).toEqual({ ok: true, value: "Team registered" });

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/registration" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.body).toEqual({
      teamName: "Byte Benders",
      category: "design",
      description: "A campus lost-and-found app.",
      members: team("Byte Benders").members,
    });
    expect(Object.keys((request?.body as { members: object[] }).members[0] ?? {})).toEqual([
      "name",
      "email",
      "phone",
      "gender",
      "institution",
      "skills",
      "role",
    ]);
  });

  it("a taken team name is rejected with the server's message", async () => {
    await backend.registerTeam(team("Byte Benders", "first"));
    expect(await backend.registerTeam(team("byte BENDERS", "second"))).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "Team name already taken" },
    });
  });

  it("an answer of success false with status 200 is still a rejection with its message", async () => {
    fake.setBehaviour({ body: { success: false, message: "Registrations are closed" } });
    expect(await backend.registerTeam(team("Byte Benders"))).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "Registrations are closed" },
    });
  });

  it("lists teams from GET /api/registration with only _id, teamName and category", async () => {
    await backend.registerTeam(team("Byte Benders"));
    await backend.registerTeam(team("Pixel Pilots"));
    fake.reset();

    const teams = await backend.listTeams();
    expect(teams).toEqual({
      ok: true,
      value: [
        { _id: expect.any(String) as string, teamName: "Byte Benders", category: "design" },
        { _id: expect.any(String) as string, teamName: "Pixel Pilots", category: "design" },
      ],
    });
    expect(fake.requests).toEqual([expect.objectContaining({ method: "GET", path: "/api/registration" })]);
    expect(fake.requests[0]?.headers.accept).toBe("application/json");
  });

  it("registering an account sends nothing and logs that it came, with no personal data", async () => {
    const consoleLog = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const outcome = await backend.registerAccount(sampleAccount);

    expect(outcome).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(0);
    expect(consoleLog).toHaveBeenCalledTimes(1);
    const line = consoleLog.mock.calls[0]?.map(String).join(" ") ?? "";
    for (const field of Object.keys(sampleStudent)) expect(line).toContain(field);
    expect(line).toContain("image/png");
    expect(line).toContain(String(tinyPng.byteLength));
    for (const value of Object.values(sampleStudent)) expect(line).not.toContain(value);
    expect(line).not.toContain(tinyPng.toString("base64").slice(0, 24));
  });
});

describe("council API adapter: COUNCIL_AUTH_URL", () => {
  it("sends /auth/me and /auth/logout to the auth host and everything else to the API host", async () => {
    const authFake = await startFakeCouncilApi();
    try {
      const split = createCouncilApiBackend({ apiUrl: fake.url, authUrl: authFake.url, timeoutMs: 2_000 });
      const login = await split.logIn(student.enrollment, studentPassword);
      if (!login.ok) throw new Error("login failed");
      await split.whoIsSignedIn(login.value);
      await split.logOut(login.value);
      await split.applyToCouncil(application);
      await split.registerTeam(team("Byte Benders"));
      await split.listTeams();

      expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        "POST /auth/login",
        "POST /council/apply",
        "POST /api/registration",
        "GET /api/registration",
      ]);
      expect(authFake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        "GET /auth/me",
        "GET /auth/logout",
      ]);
      expect(authFake.requests.map((request) => request.headers.cookie)).toEqual([login.value, login.value]);
    } finally {
      await authFake.close();
    }
  });
});

/** Every method, for checks that hold for all of them. */
const everyCall: [string, (backend: CouncilBackend) => Promise<unknown>][] = [
  ["applyToCouncil", (b) => b.applyToCouncil(application)],
  ["logIn", (b) => b.logIn(student.enrollment, studentPassword)],
  ["logOut", (b) => b.logOut("council_session=secret-cookie-value")],
  ["registerTeam", (b) => b.registerTeam(team("Byte Benders"))],
  ["listTeams", (b) => b.listTeams()],
];
const unavailable = { ok: false, reason: "unavailable" };

describe("council API adapter: no usable answer is 'unavailable', never an exception", () => {
  it.each(everyCall)("%s gives up after the timeout and answers unavailable", async (name, callIt) => {
    const quick = createCouncilApiBackend({ apiUrl: fake.url, authUrl: fake.url, timeoutMs: 200 });
    fake.setBehaviour({ delayMs: 3_000 });
    const started = performance.now();
    expect(await callIt(quick)).toEqual(unavailable);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(errorLog().join("\n")).toContain(`${name} (`);
    expect(errorLog().join("\n")).toContain("no answer within 200 ms");
  });

  it("the profile check gives up after the timeout: unavailable, logged as 'Error fetching profile'", async () => {
    const quick = createCouncilApiBackend({ apiUrl: fake.url, authUrl: fake.url, timeoutMs: 200 });
    fake.setBehaviour({ delayMs: 3_000 });
    const started = performance.now();
    expect(await quick.whoIsSignedIn("council_session=secret-cookie-value")).toEqual({ status: "unavailable" });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(errorLog().join("\n")).toContain("Error fetching profile");
  });

  it.each(everyCall)("%s answers unavailable when the connection is refused", async (name, callIt) => {
    const closed = await startFakeCouncilApi();
    await closed.close();
    const refused = createCouncilApiBackend({ apiUrl: closed.url, authUrl: closed.url, timeoutMs: 2_000 });
    expect(await callIt(refused)).toEqual(unavailable);
    expect(errorLog().join("\n")).toMatch(new RegExp(`${name} \\(.*\\) failed: connection refused`));
  });

  it("the profile check answers unavailable when the connection is refused", async () => {
    const closed = await startFakeCouncilApi();
    await closed.close();
    const refused = createCouncilApiBackend({ apiUrl: closed.url, authUrl: closed.url, timeoutMs: 2_000 });
    expect(await refused.whoIsSignedIn("council_session=x")).toEqual({ status: "unavailable" });
    expect(errorLog().join("\n")).toMatch(/Error fetching profile.*connection refused/);
  });

  it("an unknown host answers unavailable", async () => {
    const nowhere = createCouncilApiBackend({
      apiUrl: "http://council-api.invalid",
      authUrl: "http://council-api.invalid",
      timeoutMs: 2_000,
    });
    expect(await nowhere.listTeams()).toEqual(unavailable);
    expect(errorLog().join("\n")).toMatch(/listTeams \(GET http:\/\/council-api\.invalid\/api\/registration\) failed/);
  });

  it.each(everyCall)("%s answers unavailable on a 503", async (_name, callIt) => {
    fake.setBehaviour({ status: 503 });
    expect(await callIt(backend)).toEqual(unavailable);
  });

  it("the profile check answers unavailable on a 500", async () => {
    fake.setBehaviour({ status: 500 });
    expect(await backend.whoIsSignedIn("council_session=x")).toEqual({ status: "unavailable" });
    expect(errorLog().join("\n")).toContain("Error fetching profile");
  });

  it.each(everyCall)("%s does not follow a redirect: unavailable", async (_name, callIt) => {
    fake.setBehaviour({ redirectTo: `${fake.url}/elsewhere` });
    expect(await callIt(backend)).toEqual(unavailable);
    expect(fake.requests.map((request) => request.path)).not.toContain("/elsewhere");
  });

  it("a 200 page that is not JSON is unavailable where JSON is read", async () => {
    fake.setBehaviour({ nonJson: true });
    expect(await backend.whoIsSignedIn("council_session=x")).toEqual({ status: "unavailable" });
    expect(await backend.registerTeam(team("Byte Benders"))).toEqual(unavailable);
    expect(await backend.listTeams()).toEqual(unavailable);
    expect(errorLog().join("\n")).toContain("not JSON");
  });

  it("a team list of the wrong shape is unavailable", async () => {
    fake.setBehaviour({ body: { success: true, data: [{ teamName: "No id", category: "coding" }] } });
    expect(await backend.listTeams()).toEqual(unavailable);

    fake.setBehaviour({ body: { success: true, data: "none" } });
    expect(await backend.listTeams()).toEqual(unavailable);

    fake.setBehaviour({ body: [] });
    expect(await backend.listTeams()).toEqual(unavailable);
  });

  it("a profile answer that is JSON but not a user is unavailable", async () => {
    fake.setBehaviour({ body: ["not", "a", "user"] });
    expect(await backend.whoIsSignedIn("council_session=x")).toEqual({ status: "unavailable" });
  });

  it("a fetch that throws something odd still ends as unavailable", async () => {
    const broken = createCouncilApiBackend({
      apiUrl: fake.url,
      authUrl: fake.url,
      timeoutMs: 2_000,
      // Deliberately not an Error: what a misbehaving fetch may reject with.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      fetch: () => Promise.reject("socket hang up"),
    });
    expect(await broken.logIn(student.enrollment, studentPassword)).toEqual(unavailable);
    expect(await broken.whoIsSignedIn("council_session=x")).toEqual({ status: "unavailable" });
  });

  it("failure logs never contain the password or the cookies", async () => {
    fake.setBehaviour({ status: 500 });
    await backend.logIn(student.enrollment, studentPassword);
    await backend.whoIsSignedIn("council_session=secret-cookie-value");
    await backend.logOut("council_session=secret-cookie-value");
    fake.setBehaviour({ delayMs: 3_000 });
    const quick = createCouncilApiBackend({ apiUrl: fake.url, authUrl: fake.url, timeoutMs: 100 });
    await quick.logIn(student.enrollment, studentPassword);
    await quick.whoIsSignedIn("council_session=secret-cookie-value");

    const log = errorLog().join("\n");
    expect(consoleError).toHaveBeenCalledTimes(5);
    expect(log).not.toContain(studentPassword);
    expect(log).not.toContain("secret-cookie-value");
  });
});
