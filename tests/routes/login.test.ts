import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider, type UNSAFE_DataWithResponseInit } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as authLoginLoader } from "~/routes/auth-login";
import Login, { action as loginAction } from "~/routes/login";
import { loginRateLimiter } from "~/server/rate-limit.server";
import { getCredentials } from "~/server/session.server";

const fake = vi.hoisted(async () => (await import("../support/fake-backend")).createRecordingBackend());
vi.mock("~/server/backend/index.server", async () => ({ councilBackend: (await fake).backend }));

beforeEach(async () => {
  (await fake).reset();
  loginRateLimiter.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

type ActionResult = Response | UNSAFE_DataWithResponseInit<unknown>;

function routeArgs(request: Request) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() };
}

function loginRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://localhost/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function logIn(fields: Record<string, string>, headers?: Record<string, string>): Promise<ActionResult> {
  return loginAction(routeArgs(loginRequest(fields, headers)));
}

const statusOf = (result: ActionResult) => (result instanceof Response ? result.status : (result.init?.status ?? 200));
const headersOf = (result: ActionResult) => new Headers(result instanceof Response ? result.headers : (result.init?.headers ?? undefined));
const bodyOf = (result: ActionResult) => {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result.data as { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};
const formErrorsOf = (result: ActionResult) => bodyOf(result).error?.[""] ?? [];
const cookieNamed = (headers: Headers, name: string) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

const valid = { collegeId: "0101CS221001", password: "05092004" };

describe("login without scripts", () => {
  it("a correct College ID and password signs in and redirects home with the toast 'Login Successful!'", async () => {
    const result = await logIn(valid);
    const { calls } = await fake;

    expect(calls.logIn).toEqual([{ collegeId: "0101CS221001", password: "05092004" }]);
    expect(result).toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/");

    const session = cookieNamed(headersOf(result), "__session");
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    // Outside production the cookie must also work on http://localhost.
    expect(session).not.toMatch(/;\s*Secure/i);
    // The backend's credentials are inside our signed session cookie.
    const cookie = session!.split(";")[0]!;
    expect(await getCredentials(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBe("test-credentials");

    const toastCookie = cookieNamed(headersOf(result), "toast")!.split(";")[0]!;
    const home = await rootLoader(routeArgs(new Request("http://localhost/", { headers: { Cookie: toastCookie } })));
    expect(home.data.toast).toMatchObject({ message: "Login Successful!", type: "success" });
  });

  it("in production the session cookie is also Secure", async () => {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "a-production-secret-of-at-least-32-characters");
    try {
      const { signIn } = await import("~/server/session.server");
      const cookie = await signIn(new Request("https://council.example/login"), "credentials");
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("a wrong password shows the backend's message and answers 401 without signing in", async () => {
    (await fake).answers.logIn = { ok: false, reason: "rejected", message: "Incorrect date of birth." };
    const result = await logIn(valid);
    expect(statusOf(result)).toBe(401);
    expect(formErrorsOf(result)).toEqual(["Incorrect date of birth."]);
    expect(cookieNamed(headersOf(result), "__session")).toBeUndefined();
  });

  it("a refusal without a message shows 'Invalid College ID or Password.'", async () => {
    (await fake).answers.logIn = { ok: false, reason: "rejected" };
    const result = await logIn(valid);
    expect(formErrorsOf(result)).toEqual(["Invalid College ID or Password."]);
  });

  it("an unreachable backend shows 'Unable to connect to the server. Try again later.'", async () => {
    (await fake).answers.logIn = { ok: false, reason: "unavailable" };
    const result = await logIn(valid);
    expect(statusOf(result)).toBe(503);
    expect(formErrorsOf(result)).toEqual(["Unable to connect to the server. Try again later."]);
  });

  it("never sends the password back into the page, and keeps the College ID", async () => {
    (await fake).answers.logIn = { ok: false, reason: "rejected" };
    const result = await logIn({ collegeId: "0101CS221001", password: "31121999" });
    const body = bodyOf(result);
    expect(body.initialValue?.collegeId).toBe("0101CS221001");
    expect(body.initialValue).not.toHaveProperty("password");
    expect(JSON.stringify(body)).not.toContain("31121999");
  });

  it("both fields are required: an empty form answers 400 and the backend is not asked", async () => {
    const result = await logIn({ collegeId: "  ", password: "" });
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result).error).toMatchObject({
      collegeId: ["Please enter your College ID."],
      password: ["Please enter your password."],
    });
    expect((await fake).calls.logIn).toHaveLength(0);
  });
});

describe("login with scripts", () => {
  it("answers data with the session cookie instead of redirecting, so the page can show its dialog", async () => {
    const result = await logIn({ ...valid, enhanced: "1" });
    expect(result).not.toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(200);
    expect(bodyOf(result)).toEqual({ loggedIn: true });
    expect(cookieNamed(headersOf(result), "__session")).toMatch(/HttpOnly/i);
  });
});

describe("login rate limit", () => {
  async function failFiveTimes(collegeIds: string[], client: string) {
    (await fake).answers.logIn = { ok: false, reason: "rejected" };
    for (const collegeId of collegeIds) {
      const result = await logIn({ collegeId, password: "00000000" }, { "X-Client-Address": client });
      expect(statusOf(result)).toBe(401);
    }
  }

  it("the 6th failed attempt for one College ID within 15 minutes answers 429 without asking the backend", async () => {
    await failFiveTimes(Array(5).fill("0101CS221001"), "198.51.100.1");
    const { calls } = await fake;
    expect(calls.logIn).toHaveLength(5);

    // Another client, the same College ID written differently: still the same account.
    const result = await logIn({ collegeId: " 0101cs221001 ", password: "05092004" }, { "X-Client-Address": "198.51.100.2" });
    expect(statusOf(result)).toBe(429);
    expect(formErrorsOf(result)).toEqual(["Too many failed login attempts. Please try again in 15 minutes."]);
    expect(headersOf(result).get("Retry-After")).toBe("900");
    expect(JSON.stringify(bodyOf(result))).not.toContain("05092004");
    expect(calls.logIn).toHaveLength(5);
  });

  it("five failures from one client address block that client for any College ID, not other clients", async () => {
    await failFiveTimes(["A1", "A2", "A3", "A4", "A5"], "203.0.113.7");
    const { calls, answers } = await fake;
    answers.logIn = { ok: true, value: "test-credentials" };

    const blocked = await logIn({ collegeId: "A6", password: "05092004" }, { "X-Client-Address": "203.0.113.7" });
    expect(statusOf(blocked)).toBe(429);
    expect(calls.logIn).toHaveLength(5);

    const otherClient = await logIn({ collegeId: "A6", password: "05092004" }, { "X-Client-Address": "203.0.113.8" });
    expect(statusOf(otherClient)).toBe(302);
    expect(calls.logIn).toHaveLength(6);
  });

  it("without a known client address, only the College ID is counted", async () => {
    (await fake).answers.logIn = { ok: false, reason: "rejected" };
    for (let id = 1; id <= 5; id += 1) await logIn({ collegeId: `B${id}`, password: "00000000" });
    (await fake).answers.logIn = { ok: true, value: "test-credentials" };
    expect(statusOf(await logIn({ collegeId: "B6", password: "05092004" }))).toBe(302);
  });

  it("says how many minutes are really left, and lets the College ID in again after 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-09-01T10:00:00Z"));
    await failFiveTimes(Array(5).fill("0101CS221001"), "198.51.100.1");

    vi.setSystemTime(new Date("2025-09-01T10:10:30Z"));
    const stillBlocked = await logIn(valid, { "X-Client-Address": "198.51.100.1" });
    expect(statusOf(stillBlocked)).toBe(429);
    expect(formErrorsOf(stillBlocked)).toEqual(["Too many failed login attempts. Please try again in 5 minutes."]);

    vi.setSystemTime(new Date("2025-09-01T10:15:00Z"));
    const { calls, answers } = await fake;
    answers.logIn = { ok: true, value: "test-credentials" };
    const allowed = await logIn(valid, { "X-Client-Address": "198.51.100.1" });
    expect(statusOf(allowed)).toBe(302);
    expect(calls.logIn).toHaveLength(6);
  });

  it("an unreachable backend is not a failed attempt", async () => {
    (await fake).answers.logIn = { ok: false, reason: "unavailable" };
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const result = await logIn(valid, { "X-Client-Address": "198.51.100.1" });
      expect(statusOf(result)).toBe(503);
    }
    expect((await fake).calls.logIn).toHaveLength(6);
  });

  it("a successful login clears that College ID's failures", async () => {
    const { answers } = await fake;
    const from = (client: number) => ({ "X-Client-Address": `192.0.2.${client}` });
    answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 1; client <= 4; client += 1) await logIn(valid, from(client));
    answers.logIn = { ok: true, value: "test-credentials" };
    expect(statusOf(await logIn(valid, from(5)))).toBe(302);

    answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 6; client <= 9; client += 1) await logIn(valid, from(client));
    // Four failures since the success: still allowed to try.
    expect(statusOf(await logIn(valid, from(10)))).toBe(401);
  });
});

describe("login page", () => {
  function renderLogin(actionData?: unknown): string {
    const Stub = createRoutesStub([{ id: "login", path: "/login", Component: Login as never, action: () => null }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/login"], hydrationData: { actionData: actionData ? { login: actionData } : undefined } }),
    );
    return html.replaceAll("<!-- -->", "");
  }

  it("labels College ID and Password, explains the password, links to registration and offers 'Login'", () => {
    const html = renderLogin();
    const label = (text: string) => new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${text}</label>`).exec(html)?.[1];
    const collegeIdInput = label("College ID");
    const passwordInput = label("Password");
    const input = (id: string | undefined) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(input(collegeIdInput)).toContain('name="collegeId"');
    expect(input(collegeIdInput)).toContain("required");
    expect(input(passwordInput)).toContain('name="password"');
    expect(input(passwordInput)).toContain('type="password"');
    expect(input(passwordInput)).toContain("required");
    expect(html).toContain("Your password is your date of birth written DDMMYYYY");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/href="\/userProfileRegistration"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Login<\/button>/);
    // The marker of a scripted submission only appears after hydration.
    expect(html).not.toContain('name="enhanced"');
  });

  it("shows a failed login's message above the form", () => {
    const html = renderLogin({ status: "error", initialValue: { collegeId: "0101CS221001" }, error: { "": ["Invalid College ID or Password."] } });
    expect(html).toMatch(/role="alert"[^>]*><p>Invalid College ID or Password.<\/p>/);
    expect(html).toContain('value="0101CS221001"');
  });
});

describe("/auth/login", () => {
  it("leads to the login page", () => {
    const response = authLoginLoader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});
