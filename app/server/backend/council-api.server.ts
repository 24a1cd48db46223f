import { mobileDigits } from "~/lib/phone";
import { z } from "zod";
import { log } from "../log.server";
import { sharedMetrics } from "../metrics.server";
import type {
  CouncilBackend,
  CouncilUser,
  Failure,
  Outcome,
  RegisteredTeam,
  SignedInState,
} from "./council-backend.server";

/** The council API keeps its own accounts and entries: the site has no council role or inbox to offer with it. */
export const councilRoleNotAvailable =
  "The council role is not available with the council API (COUNCIL_API_URL): the API owns the accounts, " +
  "applications and teams, so the site has no council inbox.";

/**
 * The council API adapter: the calls of the specification's section 7, made by the server. `apiUrl` is {api}
 * (login, applications, teams); `authUrl` is {host} (/auth/me and /auth/logout). The API's own cookies from
 * /auth/login travel inside our signed session cookie and go back to the API as a Cookie header.
 *
 * Whatever goes wrong on the wire (timeout, refused connection, DNS, 5xx, a redirect, an answer that is not the
 * JSON we read) ends as `{ ok: false, reason: "unavailable" }` with one error line in the log naming the call and the
 * cause — never the password or the cookies. No method throws.
 */
export function createCouncilApiBackend(options: {
  apiUrl: string;
  authUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): CouncilBackend {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const authUrl = options.authUrl.replace(/\/+$/, "");
  const { timeoutMs } = options;
  const fetchImpl = options.fetch ?? fetch;

  /** One call: the result is the answer, or the cause it failed (already logged by the caller). */
  async function call(
    method: "GET" | "POST",
    url: string,
    extra: { json?: unknown; cookie?: string } = {},
  ): Promise<{ response: Response } | { cause: string }> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (extra.json !== undefined) headers["Content-Type"] = "application/json";
    if (extra.cookie) headers.Cookie = extra.cookie;
    // Labelled by the endpoint's path (a fixed set), never with the query or anything the visitor sent.
    const stop = sharedMetrics().outsideCalls.startTimer({
      service: "council-api",
      operation: `${method} ${new URL(url).pathname}`,
    });
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        body: extra.json === undefined ? undefined : JSON.stringify(extra.json),
        // A redirect from an API is a misconfiguration (a login page, a proxy), not an answer: never follow it.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      stop({ outcome: `${Math.floor(response.status / 100)}xx` });
      return { response };
    } catch (error) {
      stop({ outcome: "unavailable" });
      return { cause: describeError(error, timeoutMs) };
    }
  }

  function logFailure(name: string, method: string, url: string, cause: string) {
    log.error(`Council API ${name} (${method} ${url}) failed: ${cause}`);
  }

  /** Reads a JSON body; undefined (after logging) when it is not JSON or cannot be read in time. */
  async function readJson(
    name: string,
    method: string,
    url: string,
    response: Response,
  ): Promise<{ json: unknown } | undefined> {
    try {
      const text = await response.text();
      return { json: JSON.parse(text) as unknown };
    } catch (error) {
      const cause =
        error instanceof SyntaxError
          ? `answered ${response.status} with a body that is not JSON (${response.headers.get("Content-Type") ?? "no Content-Type"})`
          : describeError(error, timeoutMs);
      logFailure(name, method, url, cause);
      return undefined;
    }
  }

  /** Status classes outside 2xx/4xx are "unavailable": 5xx, redirects, anything unexpected. */
  function unexpectedStatus(response: Response): string | undefined {
    if (response.type === "opaqueredirect") return "answered with a redirect";
    if (response.status >= 300 && response.status < 400) {
      return `answered ${response.status} redirecting to ${response.headers.get("Location") ?? "nowhere"}`;
    }
    if (response.status >= 500 || response.status < 200) return `answered ${response.status}`;
    return undefined;
  }

  const unavailable: Failure = { ok: false, reason: "unavailable" };

  return {
    description: `council API at ${apiUrl} (auth at ${authUrl})`,

    async applyToCouncil(application): Promise<Outcome> {
      const url = `${apiUrl}/council/apply`;
      const result = await call("POST", url, {
        json: {
          name: application.name,
          email: application.email,
          phone: nationalNumber(application.phone),
          enrollment: application.enrollment,
          dob: application.dob,
          gender: application.gender,
          college: application.college,
          department: application.department,
          year: application.year,
          club: application.club,
          motivation: application.motivation,
          terms: application.terms,
        },
      });
      if ("cause" in result) {
        logFailure("applyToCouncil", "POST", url, result.cause);
        return unavailable;
      }
      const { response } = result;
      // Section 7: the response is not read; any non-error answer counts as success.
      await discardBody(response);
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        logFailure("applyToCouncil", "POST", url, unexpected);
        return unavailable;
      }
      if (!response.ok) {
        logFailure("applyToCouncil", "POST", url, `answered ${response.status}`);
        return { ok: false, reason: "rejected" };
      }
      return { ok: true };
    },

    async registerAccount(registration): Promise<Outcome> {
      // Section 7: the registration form sends nothing to a server; it only logs its data. Logs hold no personal
      // data here, so the line names the fields received, never their values.
      const { idCard, ...fields } = registration;
      log.info(
        `User registration received, not sent (the council API has no registration call): ` +
          `${Object.keys(fields).join(", ")}, ID card (${idCard.mediaType}, ${idCard.bytes.byteLength} bytes)`,
      );
      return { ok: true };
    },

    async logIn(collegeId, password): Promise<Outcome<string>> {
      const url = `${apiUrl}/auth/login`;
      const result = await call("POST", url, { json: { collegeId, password } });
      if ("cause" in result) {
        logFailure("logIn", "POST", url, result.cause);
        return unavailable;
      }
      const { response } = result;
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        await discardBody(response);
        logFailure("logIn", "POST", url, unexpected);
        return unavailable;
      }
      if (response.ok) {
        await discardBody(response);
        const credentials = cookieHeaderFrom(response.headers.getSetCookie());
        if (!credentials) log.error(`Council API logIn (POST ${url}): answered ${response.status} without a cookie`);
        return { ok: true, value: credentials };
      }
      // 4xx: the API said no. Its message is shown to the visitor when it gave one (section 8, "Login failure");
      // a body that is not JSON still means "no", just without a message.
      const message = messageOf(await response.text().then(parseJsonOrUndefined, () => undefined));
      return message ? { ok: false, reason: "rejected", message } : { ok: false, reason: "rejected" };
    },

    async whoIsSignedIn(credentials): Promise<SignedInState> {
      const url = `${authUrl}/auth/me`;
      const result = await call("GET", url, { cookie: credentials });
      if ("cause" in result) {
        log.error(`Error fetching profile: GET ${url}: ${result.cause}`);
        return { status: "unavailable" };
      }
      const { response } = result;
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        await discardBody(response);
        log.error(`Error fetching profile: GET ${url} ${unexpected}`);
        return { status: "unavailable" };
      }
      if (!response.ok) {
        // Section 8: "Profile fetch not ok" → 'Failed to fetch user profile', then /login.
        await discardBody(response);
        log.error(`Failed to fetch user profile: GET ${url} answered ${response.status}`);
        return { status: "signed-out" };
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch (error) {
        const cause = error instanceof SyntaxError ? "the answer is not JSON" : describeError(error, timeoutMs);
        log.error(`Error fetching profile: GET ${url} answered ${response.status}: ${cause}`);
        return { status: "unavailable" };
      }
      const user = userFrom(body);
      if (user === "no-user") {
        log.error(`Failed to fetch user profile: GET ${url} answered ${response.status} without a user`);
        return { status: "signed-out" };
      }
      if (user === "bad-shape") {
        log.error(`Error fetching profile: GET ${url} answered ${response.status} with JSON that is not a user`);
        return { status: "unavailable" };
      }
      return { status: "signed-in", user };
    },

    async logOut(credentials): Promise<Outcome> {
      const url = `${authUrl}/auth/logout`;
      const result = await call("GET", url, { cookie: credentials });
      if ("cause" in result) {
        logFailure("logOut", "GET", url, result.cause);
        return unavailable;
      }
      const { response } = result;
      // Section 7: success is judged by an ok status; the body is not read.
      await discardBody(response);
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        logFailure("logOut", "GET", url, unexpected);
        return unavailable;
      }
      if (!response.ok) {
        logFailure("logOut", "GET", url, `answered ${response.status}`);
        return { ok: false, reason: "rejected" };
      }
      return { ok: true };
    },

    async registerTeam(team): Promise<Outcome<string | undefined>> {
      const url = `${apiUrl}/api/registration`;
      const result = await call("POST", url, {
        json: {
          teamName: team.teamName,
          category: team.category,
          description: team.description,
          members: team.members.map((member) => ({
            name: member.name,
            email: member.email,
            phone: nationalNumber(member.phone),
            gender: member.gender,
            institution: member.institution,
            skills: member.skills,
            role: member.role,
          })),
        },
      });
      if ("cause" in result) {
        logFailure("registerTeam", "POST", url, result.cause);
        return unavailable;
      }
      const { response } = result;
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        await discardBody(response);
        logFailure("registerTeam", "POST", url, unexpected);
        return unavailable;
      }
      const read = await readJson("registerTeam", "POST", url, response);
      if (!read) return unavailable;
      const answer = registrationAnswer.safeParse(read.json);
      if (!answer.success) {
        logFailure("registerTeam", "POST", url, `answered ${response.status} with JSON of an unexpected shape`);
        return unavailable;
      }
      const message = messageOf(answer.data);
      // Section 7 reads `success` and `message`: success shows the confirmation, anything else "Error: " + message.
      if (answer.data.success === true && response.ok) return { ok: true, value: message };
      return message ? { ok: false, reason: "rejected", message } : { ok: false, reason: "rejected" };
    },

    async listTeams(): Promise<Outcome<RegisteredTeam[]>> {
      const url = `${apiUrl}/api/registration`;
      const result = await call("GET", url);
      if ("cause" in result) {
        logFailure("listTeams", "GET", url, result.cause);
        return unavailable;
      }
      const { response } = result;
      const unexpected = unexpectedStatus(response);
      if (unexpected) {
        await discardBody(response);
        logFailure("listTeams", "GET", url, unexpected);
        return unavailable;
      }
      const read = await readJson("listTeams", "GET", url, response);
      if (!read) return unavailable;
      const list = teamList.safeParse(read.json);
      if (list.success && list.data.success === true && response.ok) return { ok: true, value: list.data.data };
      const message = messageOf(read.json);
      if (!response.ok || (list.success && list.data.success === false)) {
        logFailure("listTeams", "GET", url, `answered ${response.status}${message ? `: ${message}` : ""}`);
        return message ? { ok: false, reason: "rejected", message } : { ok: false, reason: "rejected" };
      }
      logFailure("listTeams", "GET", url, `answered ${response.status} with JSON of an unexpected shape`);
      return unavailable;
    },

    // Sections 1 and 7: ideas and suggestions are never sent anywhere; only the confirmation is shown.
    async shareIdea(): Promise<Outcome> {
      return { ok: true };
    },
    async sendSuggestion(): Promise<Outcome> {
      return { ok: true };
    },

    async grantCouncilRole() {
      return { ok: false, reason: "rejected", message: councilRoleNotAvailable };
    },
    async revokeCouncilRole() {
      return { ok: false, reason: "rejected", message: councilRoleNotAvailable };
    },
    async listCouncilMembers() {
      return { ok: false, reason: "rejected", message: councilRoleNotAvailable };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Answers the adapter reads

const registrationAnswer = z.object({ success: z.unknown().optional(), message: z.unknown().optional() });

const teamList = z.object({
  success: z.boolean(),
  // Only the fields section 3 lists for a registered team leave the adapter; zod drops the rest.
  data: z.array(z.object({ _id: z.string().min(1), teamName: z.string(), category: z.string() })),
});

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `message` field of an answer when it is a non-empty string. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("message" in body)) return undefined;
  const { message } = body;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}

const userFields = ["username", "branch", "college", "email", "phone", "dob", "gender", "bio"] as const;

/** The user of an /auth/me answer, `{ user: {...} }` or the bare object; only string fields are kept. */
function userFrom(body: unknown): CouncilUser | "no-user" | "bad-shape" {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "bad-shape";
  let source: object = body;
  if ("user" in body) {
    if (body.user === null || body.user === undefined) return "no-user";
    if (typeof body.user !== "object" || Array.isArray(body.user)) return "bad-shape";
    source = body.user;
  }
  const record = source as Record<string, unknown>;
  const user: CouncilUser = {};
  for (const field of userFields) {
    const value = record[field];
    if (typeof value === "string") user[field] = value;
  }
  // Identity providers call the display name differently; the profile card shows it as the username.
  if (user.username === undefined) {
    const name = [record.name, record.displayName].find((value) => typeof value === "string");
    if (typeof name === "string") user.username = name;
  }
  return user;
}

/** Set-Cookie values → one Cookie header value (`name=value; name2=value2`), attributes dropped, last one wins. */
function cookieHeaderFrom(setCookies: string[]): string {
  const cookies = new Map<string, string>();
  for (const setCookie of setCookies) {
    const pair = setCookie.split(";", 1)[0]?.trim() ?? "";
    const equals = pair.indexOf("=");
    if (equals <= 0) continue;
    cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Lets the connection go back to the pool without reading a body nobody needs. */
async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Already closed or aborted: nothing to free.
  }
}

/** A short, secret-free cause for the log: timeout, refused connection, unknown host ... */
function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
    if (error.name === "AbortError") return "the call was aborted";
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code = "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
      if (code === "ECONNREFUSED") return "connection refused";
      if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `host not found (${code})`;
      return code ? `${code}: ${cause.message}` : cause.message;
    }
    return error.message;
  }
  return String(error);
}

/** The council API takes the ten national digits (no +91) for applications and team members, as it always has. */
function nationalNumber(phone: string): string {
  return mobileDigits(phone) ?? phone;
}
