import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as authLoginLoader } from "~/routes/auth-login";
import Login, { action as loginAction } from "~/routes/login";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { limits } from "~/server/requests/limits.server";
import { getCredentials } from "~/server/accounts/session.server";
import {
  cookieOf,
  dataOf,
  get,
  headersOf,
  post,
  renderRoute,
  routeArgs,
  type RouteResult as ActionResult,
  setCookieOf,
  statusOf,
  toastAfter,
} from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(async () => {
  fake.reset();
  await limits.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The login form sent from its page in `locale` (/login or /hi/login). */
function logIn(fields: Record<string, string>, headers?: Record<string, string>, locale: Locale = "en") {
  return loginAction(routeArgs(post(localizedPath(locale, "/login"), fields, { headers }))) as Promise<ActionResult>;
}

/** The login's answers in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const said = {
  en: {
    missing: { collegeId: ["Please enter your College ID."], password: ["Please enter your password."] },
    collegeIdTooLong: "College ID must be 50 characters or fewer.",
    rejected: "Invalid College ID or Password.",
    unavailable: "Unable to connect to the server. Try again later.",
    signedIn: "Login Successful!",
  },
  hi: {
    missing: { collegeId: ["अपनी कॉलेज आईडी (College ID) लिखें।"], password: ["अपना पासवर्ड लिखें।"] },
    collegeIdTooLong: "कॉलेज आईडी (College ID) में 50 से ज़्यादा अक्षर नहीं हो सकते।",
    rejected: "कॉलेज आईडी या पासवर्ड गलत है।",
    unavailable: "सर्वर से जुड़ नहीं पा रहे। थोड़ी देर बाद फिर से कोशिश करें।",
    signedIn: "लॉग इन हो गया!",
  },
};

type LoginReply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const bodyOf = (result: ActionResult) => dataOf<LoginReply>(result);
const formErrorsOf = (result: ActionResult) => bodyOf(result).error?.[""] ?? [];

const valid = { collegeId: "0101CS221001", password: "05092004" };

describe("login without scripts", () => {
  it("a correct College ID and password signs in and redirects home with the toast 'Login Successful!'", async () => {
    const result = await logIn(valid);
    const { calls } = fake;

    expect(calls.logIn).toEqual([{ collegeId: "0101CS221001", password: "05092004" }]);
    expect(result).toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/");

    const session = setCookieOf(result, "__session");
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    // Outside production the cookie must also work on http://localhost.
    expect(session).not.toMatch(/;\s*Secure/i);
    // The backend's credentials are inside our signed session cookie.
    const cookie = session!.split(";")[0]!;
    expect(await getCredentials(get("/", { cookie }))).toBe("test-credentials");

    expect(await toastAfter(result)).toMatchObject({ message: "Login Successful!", type: "success" });
  });

  it("in production the session cookie is also Secure", async () => {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "a-production-secret-of-at-least-32-characters");
    try {
      const { signIn } = await import("~/server/accounts/session.server");
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
    fake.answers.logIn = {
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "Incorrect date of birth." },
    };
    const result = await logIn(valid);
    expect(statusOf(result)).toBe(401);
    expect(formErrorsOf(result)).toEqual(["Incorrect date of birth."]);
    expect(setCookieOf(result, "__session")).toBeUndefined();
  });

  it.each(locales)(
    "in %s: a refusal without a message answers 401 'Invalid College ID or Password.'",
    async (locale) => {
      fake.answers.logIn = { ok: false, reason: "rejected" };
      const result = await logIn(valid, undefined, locale);
      expect(statusOf(result)).toBe(401);
      expect(formErrorsOf(result)).toEqual([said[locale].rejected]);
    },
  );

  it.each(locales)("in %s: an unreachable backend answers 503, saying it cannot connect", async (locale) => {
    fake.answers.logIn = { ok: false, reason: "unavailable" };
    const result = await logIn(valid, undefined, locale);
    expect(statusOf(result)).toBe(503);
    expect(formErrorsOf(result)).toEqual([said[locale].unavailable]);
  });

  it("never sends the password back into the page, and keeps the College ID", async () => {
    fake.answers.logIn = { ok: false, reason: "rejected" };
    const result = await logIn({ collegeId: "0101CS221001", password: "31121999" });
    const body = bodyOf(result);
    expect(body.initialValue?.collegeId).toBe("0101CS221001");
    expect(body.initialValue).not.toHaveProperty("password");
    expect(JSON.stringify(body)).not.toContain("31121999");
  });

  it.each(locales)(
    "in %s: both fields are required, a College ID has at most 50 characters, and the backend is not asked",
    async (locale) => {
      const result = await logIn({ collegeId: "  ", password: "" }, undefined, locale);
      expect(statusOf(result)).toBe(400);
      expect(bodyOf(result).error).toMatchObject(said[locale].missing);
      const long = await logIn({ collegeId: "x".repeat(51), password: "1" }, undefined, locale);
      expect(bodyOf(long).error?.collegeId).toEqual([said[locale].collegeIdTooLong]);
      expect(fake.calls.logIn).toHaveLength(0);
    },
  );
});

describe.each(locales)("signing in from the login page in %s", (locale) => {
  it("goes to that language's home page with the toast; with scripts the dialog goes there too", async () => {
    const home = localizedPath(locale, "/");
    const result = await logIn(valid, undefined, locale);
    expect(headersOf(result).get("Location")).toBe(home);
    expect(await toastAfter(result, home)).toMatchObject({ type: "success", message: said[locale].signedIn });
    expect(bodyOf(await logIn({ ...valid, enhanced: "1" }, undefined, locale))).toEqual({ loggedIn: true, goTo: home });
  });
});

describe("the header's account link after login", () => {
  const home = (cookie: string) => rootLoader(routeArgs(get("/", { cookie })));
  /** What a signed cookie's value carries, readable by whoever holds a copy (it is signed, not encrypted). */
  const cookieContents = (cookie: string) =>
    Buffer.from(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!, "base64").toString();

  it("greets by the first name of a session the backend still knows; the cookie itself holds no name", async () => {
    const { answers, calls } = fake;
    answers.whoIsSignedIn = { status: "signed-in", user: { username: "Priya Kumari Sharma" } };
    const cookie = cookieOf(await logIn(valid), "__session");
    expect(cookieContents(cookie)).toContain("test-credentials");
    expect(cookieContents(cookie)).not.toContain("Priya");

    const page = await home(cookie);
    expect(page.data.account).toEqual({ firstName: "Priya" });
    expect(calls.whoIsSignedIn).toEqual(["test-credentials"]);
  });

  it("after logout, the old cookie replayed shows 'Log in', not the name, and is dropped", async () => {
    const { answers } = fake;
    answers.whoIsSignedIn = { status: "signed-in", user: { username: "Priya Sharma" } };
    const cookie = cookieOf(await logIn(valid), "__session");
    expect((await home(cookie)).data.account).toEqual({ firstName: "Priya" });

    // Logged out elsewhere: the backend no longer knows the session.
    answers.whoIsSignedIn = { status: "signed-out" };
    const replayed = await home(cookie);
    expect(replayed.data.account).toBeNull();
    expect(JSON.stringify(replayed.data)).not.toContain("Priya");
    expect(setCookieOf(replayed, "__session")).toMatch(
      /^__session=;.*Max-Age=0|^__session=;.*Expires=Thu, 01 Jan 1970/i,
    );
  });

  it("says 'My profile' without a name when the backend cannot say who it is, and keeps the session", async () => {
    fake.answers.whoIsSignedIn = { status: "unavailable" };
    const result = await logIn(valid);
    expect(statusOf(result)).toBe(302);
    const cookie = cookieOf(result, "__session");
    const page = await home(cookie);
    expect(page.data.account).toEqual({ firstName: null });
    expect(setCookieOf(page, "__session")).toBeUndefined();
  });

  it("waits at most two seconds for the backend before the header says 'My profile'", async () => {
    const { backend } = fake;
    const cookie = cookieOf(await logIn(valid), "__session");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let askedAt = 0;
    const slow = vi.spyOn(backend, "whoIsSignedIn").mockImplementation(() => {
      askedAt = Date.now();
      return new Promise(() => {});
    });
    try {
      const page = home(cookie);
      let settled = false;
      void page.finally(() => (settled = true));
      // The cookie is verified with real crypto first: advance the clock until the page answers.
      for (let step = 0; !settled && step < 1000; step += 1) await vi.advanceTimersByTimeAsync(100);
      expect(settled).toBe(true);
      expect(Date.now() - askedAt).toBeLessThanOrEqual(2_100);
      expect((await page).data.account).toEqual({ firstName: null });
    } finally {
      slow.mockRestore();
    }
  });

  it("a visitor without cookies is signed out without asking the backend", async () => {
    const page = await rootLoader(routeArgs(get("/")));
    expect(page.data.account).toBeNull();
    expect(fake.calls.whoIsSignedIn).toEqual([]);
  });
});

describe("login with scripts", () => {
  it("answers data with the session cookie instead of redirecting, so the page can show its dialog", async () => {
    const result = await logIn({ ...valid, enhanced: "1" });
    expect(result).not.toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(200);
    expect(bodyOf(result)).toEqual({ loggedIn: true, goTo: "/" });
    expect(setCookieOf(result, "__session")).toMatch(/HttpOnly/i);
  });
});

describe("back to the page that asked for the login (the council inbox)", () => {
  it("without scripts, redirects to the same-site path in redirectTo, with the toast", async () => {
    const result = await logIn({ ...valid, redirectTo: "/council?section=ideas&q=Meera" });
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/council?section=ideas&q=Meera");
    expect(setCookieOf(result, "__session")).toBeDefined();
  });

  it("with scripts, tells the page where its dialog goes next", async () => {
    const result = await logIn({ ...valid, redirectTo: "/council", enhanced: "1" });
    expect(bodyOf(result)).toEqual({ loggedIn: true, goTo: "/council" });
  });

  it.each(["https://evil.example/council", "//evil.example", "/\\evil.example", "council", "javascript:alert(1)"])(
    "never sends the visitor off the site: redirectTo=%s goes home",
    async (redirectTo) => {
      expect(headersOf(await logIn({ ...valid, redirectTo })).get("Location")).toBe("/");
      expect(bodyOf(await logIn({ ...valid, redirectTo, enhanced: "1" }))).toEqual({ loggedIn: true, goTo: "/" });
    },
  );

  it("the login page carries ?redirectTo= in a hidden field", () => {
    const html = renderRoute({ path: "/login", Component: Login }, "/login?redirectTo=%2Fcouncil");
    expect(html).toMatch(/<input type="hidden" name="redirectTo" value="\/council"\/>/);
    const plain = renderRoute({ path: "/login", Component: Login });
    expect(plain).not.toContain('name="redirectTo"');
  });
});

describe("login rate limit", () => {
  const wrong = { collegeId: "0101CS221001", password: "00000000" };
  const from = (client: string, cookie?: string) => ({
    "X-Client-Address": client,
    ...(cookie ? { Cookie: cookie } : {}),
  });

  it("the 6th wrong password for one College ID answers 429 without asking the backend, whatever the client", async () => {
    const { calls, answers } = fake;
    answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 1; client <= 5; client += 1)
      expect(statusOf(await logIn(wrong, from(`198.51.100.${client}`)))).toBe(401);
    expect(calls.logIn).toHaveLength(5);

    // Another client, the same College ID written differently, the right password: still the same account, refused.
    answers.logIn = { ok: true, value: "test-credentials" };
    const result = await logIn({ collegeId: " 0101cs221001 ", password: "05092004" }, from("198.51.100.99"));
    expect(statusOf(result)).toBe(429);
    expect(formErrorsOf(result)).toEqual(["Too many failed login attempts. Please try again in 15 minutes."]);
    expect(headersOf(result).get("Retry-After")).toBe("900");
    expect(JSON.stringify(bodyOf(result))).not.toContain("05092004");
    expect(calls.logIn).toHaveLength(5);
  });

  it("30 parallel wrong passwords for one College ID from 30 clients: at most 5 reach the password check", async () => {
    const { calls, answers } = fake;
    answers.logIn = { ok: false, reason: "rejected" };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, client) => logIn(wrong, from(`203.0.113.${client + 1}`))),
    );
    const statuses = results.map(statusOf);
    expect(calls.logIn.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 401)).toHaveLength(calls.logIn.length);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - calls.logIn.length);
    for (const result of results.filter((result) => statusOf(result) === 429)) {
      expect(Number(headersOf(result).get("Retry-After"))).toBeGreaterThan(0);
    }
  });

  it("a browser that signed in to the College ID before keeps its own allowance while strangers are locked out", async () => {
    const { calls, answers } = fake;
    const owner = await logIn(valid, from("192.0.2.10"));
    expect(statusOf(owner)).toBe(302);
    const device = setCookieOf(owner, "__device");
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    const deviceCookie = device!.split(";")[0]!;

    answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 1; client <= 6; client += 1) await logIn(wrong, from(`198.51.100.${client}`));
    expect(statusOf(await logIn(valid, from("198.51.100.7")))).toBe(429);

    answers.logIn = { ok: true, value: "test-credentials" };
    const before = calls.logIn.length;
    expect(statusOf(await logIn(valid, from("192.0.2.10", deviceCookie)))).toBe(302);
    expect(calls.logIn).toHaveLength(before + 1);
  });

  it("the trusted browser's own allowance is five wrong passwords too", async () => {
    const owner = await logIn(valid, from("192.0.2.10"));
    const deviceCookie = cookieOf(owner, "__device");
    fake.answers.logIn = { ok: false, reason: "rejected" };
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect(statusOf(await logIn(wrong, from("192.0.2.10", deviceCookie)))).toBe(401);
    expect(statusOf(await logIn(wrong, from("192.0.2.10", deviceCookie)))).toBe(429);
    // The College ID's allowance for everyone else was never touched.
    expect(statusOf(await logIn(wrong, from("192.0.2.11")))).toBe(401);
  });

  it("a forged device cookie counts as no device cookie", async () => {
    fake.answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 1; client <= 5; client += 1) await logIn(wrong, from(`198.51.100.${client}`));
    const forged = `__device=${Buffer.from(JSON.stringify({ "0101cs221001": "guess" })).toString("base64")}.bad-signature`;
    expect(statusOf(await logIn(wrong, from("198.51.100.9", forged)))).toBe(429);
  });

  it("20 failed logins from one client address block that client for any College ID, not other clients", async () => {
    const { calls, answers } = fake;
    answers.logIn = { ok: false, reason: "rejected" };
    for (let id = 1; id <= 20; id += 1)
      expect(statusOf(await logIn({ collegeId: `A${id}`, password: "0" }, from("203.0.113.7")))).toBe(401);
    answers.logIn = { ok: true, value: "test-credentials" };

    const blocked = await logIn({ collegeId: "A99", password: "05092004" }, from("203.0.113.7"));
    expect(statusOf(blocked)).toBe(429);
    expect(formErrorsOf(blocked)[0]).toMatch(
      /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(headersOf(blocked).get("Retry-After"))).toBeGreaterThan(0);
    expect(calls.logIn).toHaveLength(20);

    expect(statusOf(await logIn({ collegeId: "A99", password: "05092004" }, from("203.0.113.8")))).toBe(302);
  });

  it("behind a NAT, a browser that signed in before still logs in when a neighbour has used up the address's 20", async () => {
    const { calls, answers } = fake;
    const owner = await logIn(valid, from("192.0.2.10"));
    const deviceCookie = cookieOf(owner, "__device");
    // The neighbour's garbage and guesses from the hostel's one address, without a device cookie.
    answers.logIn = { ok: false, reason: "rejected" };
    for (let id = 1; id <= 10; id += 1)
      expect(statusOf(await logIn({ collegeId: `A${id}`, password: "0" }, from("203.0.113.7")))).toBe(401);
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect(statusOf(await logIn({ collegeId: "", password: "" }, from("203.0.113.7")))).toBe(400);
    expect(statusOf(await logIn(valid, from("203.0.113.7")))).toBe(429);

    // The student's own browser, same address: a wrong date counts against its own allowance, the right one signs in.
    expect(statusOf(await logIn(wrong, from("203.0.113.7", deviceCookie)))).toBe(401);
    answers.logIn = { ok: true, value: "test-credentials" };
    const before = calls.logIn.length;
    const result = await logIn({ ...valid, collegeId: "0101cs221001 " }, from("203.0.113.7", deviceCookie));
    expect(statusOf(result)).toBe(302);
    expect(calls.logIn).toHaveLength(before + 1);
    // Nobody else behind the address got anything from it.
    expect(statusOf(await logIn(valid, from("203.0.113.7")))).toBe(429);
  });

  it("only a signed device cookie of the College ID asked for escapes the address's count", async () => {
    const { answers } = fake;
    // The attacker's own account gives them a genuine device cookie, for their own College ID only.
    const attacker = await logIn({ collegeId: "0101CS229999", password: "05092004" }, from("203.0.113.7"));
    const ownDevice = cookieOf(attacker, "__device");
    answers.logIn = { ok: false, reason: "rejected" };
    for (let id = 1; id <= 20; id += 1)
      expect(statusOf(await logIn({ collegeId: `A${id}`, password: "0" }, from("203.0.113.7")))).toBe(401);

    const entries = Buffer.from(JSON.stringify({ "0101CS221001": "guess" })).toString("base64");
    for (const cookie of [
      // forged: a signature that is not the site's
      `__device=${encodeURIComponent(`${entries}.bad-signature`)}`,
      // unsigned
      `__device=${encodeURIComponent(entries)}`,
      // the attacker's genuine cookie, for another College ID
      ownDevice,
    ]) {
      const result = await logIn(wrong, from("203.0.113.7", cookie));
      expect(statusOf(result), cookie).toBe(429);
      expect(formErrorsOf(result)[0]).toMatch(/^Too many submissions from your network\./);
    }
  });

  it("says how many minutes are really left, and lets the College ID in again after 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-09-01T10:00:00Z"));
    const { calls, answers } = fake;
    answers.logIn = { ok: false, reason: "rejected" };
    for (let attempt = 0; attempt < 5; attempt += 1) await logIn(wrong, from("198.51.100.1"));

    vi.setSystemTime(new Date("2025-09-01T10:10:30Z"));
    const stillBlocked = await logIn(valid, from("198.51.100.1"));
    expect(statusOf(stillBlocked)).toBe(429);
    expect(formErrorsOf(stillBlocked)).toEqual(["Too many failed login attempts. Please try again in 5 minutes."]);

    vi.setSystemTime(new Date("2025-09-01T10:15:01Z"));
    answers.logIn = { ok: true, value: "test-credentials" };
    expect(statusOf(await logIn(valid, from("198.51.100.1")))).toBe(302);
    expect(calls.logIn).toHaveLength(6);
  });

  it("an unreachable backend is not a failed attempt", async () => {
    fake.answers.logIn = { ok: false, reason: "unavailable" };
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect(statusOf(await logIn(valid, from("198.51.100.1")))).toBe(503);
    expect(fake.calls.logIn).toHaveLength(8);
  });

  it("a correct password gives its attempt back but does not wipe the failures before it", async () => {
    const { answers } = fake;
    answers.logIn = { ok: false, reason: "rejected" };
    for (let client = 1; client <= 4; client += 1) await logIn(valid, from(`192.0.2.${client}`));
    answers.logIn = { ok: true, value: "test-credentials" };
    expect(statusOf(await logIn(valid, from("192.0.2.5")))).toBe(302);

    answers.logIn = { ok: false, reason: "rejected" };
    // One attempt left of the five: a stranger's success never hands an attacker a fresh allowance.
    expect(statusOf(await logIn(valid, from("192.0.2.6")))).toBe(401);
    expect(statusOf(await logIn(valid, from("192.0.2.7")))).toBe(429);
  });
});

describe("the date of birth written the ways students write it", () => {
  const from = (client: string) => ({ "X-Client-Address": client });
  /** A backend that knows only one password, 05092004, as every identity backend stores it. */
  function onlyTheRightDate() {
    const { backend } = fake;
    vi.spyOn(backend, "logIn").mockImplementation((collegeId: string, password: string) => {
      fake.calls.logIn.push({ collegeId, password });
      return Promise.resolve(
        password === "05092004"
          ? { ok: true as const, value: "test-credentials" }
          : { ok: false as const, reason: "rejected" as const },
      );
    });
  }
  afterEach(() => vi.restoreAllMocks());

  it.each([
    "05092004",
    "05/09/2004",
    "05-09-2004",
    "05.09.2004",
    "5/9/2004",
    "5-9-2004",
    "5.9.2004",
    "2004-09-05",
    " 05/09/2004 ",
  ])("signs in with %j: the backend is asked with 05092004", async (password) => {
    onlyTheRightDate();
    const result = await logIn({ collegeId: "0101CS221001", password });
    expect(statusOf(result)).toBe(302);
    expect(fake.calls.logIn).toEqual([{ collegeId: "0101CS221001", password: "05092004" }]);
  });

  it.each(["31/02/2004", "2004-9-5", "05/09/04", "hunter2!", "05 09 2004"])(
    "passes %j on as typed: it is no date",
    async (password) => {
      await logIn({ collegeId: "0101CS221001", password });
      expect(fake.calls.logIn[0]?.password).toBe(password);
    },
  );

  it("five formats of the right date are no failed attempts: the plain DDMMYYYY still signs in afterwards", async () => {
    onlyTheRightDate();
    for (const [index, password] of ["05/09/2004", "2004-09-05", "05-09-2004", "5/9/2004", "05.09.2004"].entries()) {
      expect(statusOf(await logIn({ collegeId: "0101CS221001", password }, from(`198.51.100.${index + 1}`)))).toBe(302);
    }
    expect(statusOf(await logIn(valid, from("198.51.100.9")))).toBe(302);
  });

  it("five wrong dates, in any format, are five failed attempts: the right date then answers 429", async () => {
    onlyTheRightDate();
    for (const [index, password] of ["06/09/2004", "2004-09-06", "06-09-2004", "6/9/2004", "06092004"].entries()) {
      const result = await logIn({ collegeId: "0101CS221001", password }, from(`198.51.100.${index + 1}`));
      expect(statusOf(result)).toBe(401);
      expect(formErrorsOf(result)).toEqual(["Invalid College ID or Password."]);
    }
    expect(statusOf(await logIn({ collegeId: "0101CS221001", password: "05/09/2004" }, from("198.51.100.9")))).toBe(
      429,
    );
  });

  it("the hint still asks for DDMMYYYY", () => {
    const html = renderRoute({ path: "/login", Component: Login });
    expect(html).toContain(
      "Your password is your date of birth written DDMMYYYY, for example 05092004 for 5 September 2004.",
    );
  });
});

describe("a new login", () => {
  it("ends the session this browser had before, so a copy of the old cookie opens nothing", async () => {
    const { calls, answers } = fake;
    answers.logIn = { ok: true, value: "first-credentials" };
    const first = cookieOf(await logIn(valid), "__session");
    answers.logIn = { ok: true, value: "second-credentials" };
    const second = await logIn(valid, { Cookie: first });
    expect(statusOf(second)).toBe(302);
    expect(calls.logOut).toEqual(["first-credentials"]);
    const cookie = cookieOf(second, "__session");
    expect(await getCredentials(get("/", { cookie }))).toBe("second-credentials");
  });
});

describe("login page", () => {
  const renderLogin = (actionData?: unknown) => renderRoute({ path: "/login", Component: Login, actionData });

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

  it("says what a College ID is in a hint tied to the field, as the password's hint is", () => {
    const html = renderLogin();
    const describedBy = (name: string) =>
      (new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "").match(/aria-describedby="([^"]+)"/)?.[1];
    const textOf = (id: string | undefined) =>
      (new RegExp(`<div[^>]*id="${id}"[^>]*>(.*?)</div>`).exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
    expect(textOf(describedBy("collegeId"))).toBe(
      "Your College ID is the Enrollment Number you gave when you registered.",
    );
    expect(textOf(describedBy("password"))).toMatch(/^Your password is your date of birth written DDMMYYYY/);
  });

  it("shows a failed login's message above the form", () => {
    const html = renderLogin({
      status: "error",
      initialValue: { collegeId: "0101CS221001" },
      error: { "": ["Invalid College ID or Password."] },
    });
    expect(html).toMatch(/role="alert"[^>]*><p>Invalid College ID or Password.<\/p>/);
    expect(html).toContain('value="0101CS221001"');
  });
});

describe("/auth/login", () => {
  it("leads to the login page, and its Hindi twin to the Hindi login page", () => {
    const english = authLoginLoader(routeArgs(get("/auth/login")));
    expect(english.status).toBe(302);
    expect(english.headers.get("Location")).toBe("/login");
    const hindi = authLoginLoader(routeArgs(get("/hi/auth/login")));
    expect(hindi.headers.get("Location")).toBe("/hi/login");
  });
});
