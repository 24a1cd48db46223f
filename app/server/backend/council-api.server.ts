import type { RegisteredTeam } from "~/types/submissions";
import { log } from "../ops/log.server";
import {
  cookieHeaderFrom,
  messageOf,
  nationalNumber,
  parseJsonOrUndefined,
  refusedWith,
  registrationAnswer,
  teamList,
  userFrom,
} from "./council-api-answers.server";
import { createExchange, discardBody } from "./council-api-exchange.server";
import type { CouncilBackend, Failure, Outcome, SignedInState } from "./council-backend.server";

/** The council API keeps its own accounts and entries: the site has no council role or inbox to offer with it. */
function roleRefused(): Promise<Failure> {
  return Promise.resolve({ ok: false, reason: "rejected", refusal: { code: "councilRoleNotAvailable" } });
}

/**
 * The council API adapter: the calls the earlier site made from the browser, made by the server. `apiUrl` is {api}
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
  const exchange = createExchange({ timeoutMs: options.timeoutMs, fetch: options.fetch ?? fetch });
  const unavailable: Failure = { ok: false, reason: "unavailable" };

  /** For the calls whose answer is never read: an ok status is success, any other 4xx a refusal. */
  async function statusOnly(spec: Parameters<typeof exchange.send>[0]): Promise<Outcome> {
    const response = await exchange.send(spec);
    if (!response) return unavailable;
    await discardBody(response);
    if (!response.ok) {
      exchange.logFailure(spec, `answered ${response.status}`);
      return { ok: false, reason: "rejected" };
    }
    return { ok: true };
  }

  return {
    description: `council API at ${apiUrl} (auth at ${authUrl})`,

    async applyToCouncil(application) {
      return statusOnly({
        name: "applyToCouncil",
        method: "POST",
        url: `${apiUrl}/council/apply`,
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
    },

    registerAccount(registration): Promise<Outcome> {
      // The council API has no registration call: the form only confirms. Logs hold no personal data, so the line
      // names the fields received, never their values.
      const { idCard, ...fields } = registration;
      log.info(
        `User registration received, not sent (the council API has no registration call): ` +
          `${Object.keys(fields).join(", ")}, ID card (${idCard.mediaType}, ${idCard.bytes.byteLength} bytes)`,
      );
      return Promise.resolve({ ok: true });
    },

    async logIn(collegeId, password): Promise<Outcome<string>> {
      const spec = {
        name: "logIn",
        method: "POST",
        url: `${apiUrl}/auth/login`,
        json: { collegeId, password },
      } as const;
      const response = await exchange.send(spec);
      if (!response) return unavailable;
      if (response.ok) {
        await discardBody(response);
        const credentials = cookieHeaderFrom(response.headers.getSetCookie());
        if (!credentials)
          log.error(`Council API logIn (POST ${spec.url}): answered ${response.status} without a cookie`);
        return { ok: true, value: credentials };
      }
      // 4xx: the API said no. Its message is shown to the visitor when it gave one; a body that is not JSON still
      // means "no", just without a message.
      const message = messageOf(await response.text().then(parseJsonOrUndefined, () => undefined));
      return refusedWith(message);
    },

    async whoIsSignedIn(credentials): Promise<SignedInState> {
      const url = `${authUrl}/auth/me`;
      // The profile check logs in the earlier site's words: "Error fetching profile" when there is no usable
      // answer, "Failed to fetch user profile" when the API says nobody is signed in.
      const fetchError = (cause: string, answered = true) =>
        log.error(`Error fetching profile: GET ${url}${answered ? " " : ": "}${cause}`);
      const response = await exchange.send(
        { name: "whoIsSignedIn", method: "GET", url, cookie: credentials },
        fetchError,
      );
      if (!response) return { status: "unavailable" };
      if (!response.ok) {
        await discardBody(response);
        log.error(`Failed to fetch user profile: GET ${url} answered ${response.status}`);
        return { status: "signed-out" };
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch (error) {
        fetchError(
          `answered ${response.status}: ${error instanceof SyntaxError ? "the answer is not JSON" : exchange.describeError(error)}`,
        );
        return { status: "unavailable" };
      }
      const user = userFrom(body);
      if (user === "no-user") {
        log.error(`Failed to fetch user profile: GET ${url} answered ${response.status} without a user`);
        return { status: "signed-out" };
      }
      if (user === "bad-shape") {
        fetchError(`answered ${response.status} with JSON that is not a user`);
        return { status: "unavailable" };
      }
      return { status: "signed-in", user };
    },

    async logOut(credentials) {
      return statusOnly({ name: "logOut", method: "GET", url: `${authUrl}/auth/logout`, cookie: credentials });
    },

    async registerTeam(team): Promise<Outcome<string | undefined>> {
      const spec = {
        name: "registerTeam",
        method: "POST",
        url: `${apiUrl}/api/registration`,
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
      } as const;
      const response = await exchange.send(spec);
      const read = response && (await exchange.readJson(spec, response));
      if (!response || !read) return unavailable;
      const answer = registrationAnswer.safeParse(read.json);
      if (!answer.success) {
        exchange.logFailure(spec, `answered ${response.status} with JSON of an unexpected shape`);
        return unavailable;
      }
      const message = messageOf(answer.data);
      // `success: true` shows the confirmation; anything else shows "Error: " and the API's message.
      if (answer.data.success === true && response.ok) return { ok: true, value: message };
      return refusedWith(message);
    },

    async listTeams(): Promise<Outcome<RegisteredTeam[]>> {
      const spec = { name: "listTeams", method: "GET", url: `${apiUrl}/api/registration` } as const;
      const response = await exchange.send(spec);
      const read = response && (await exchange.readJson(spec, response));
      if (!response || !read) return unavailable;
      const list = teamList.safeParse(read.json);
      if (list.success && list.data.success === true && response.ok) return { ok: true, value: list.data.data };
      const message = messageOf(read.json);
      if (!response.ok || (list.success && list.data.success === false)) {
        exchange.logFailure(spec, `answered ${response.status}${message ? `: ${message}` : ""}`);
        return refusedWith(message);
      }
      exchange.logFailure(spec, `answered ${response.status} with JSON of an unexpected shape`);
      return unavailable;
    },

    // The council API has no call for ideas and suggestions: the forms only confirm, as the earlier site did.
    shareIdea: () => Promise.resolve({ ok: true }),
    sendSuggestion: () => Promise.resolve({ ok: true }),

    grantCouncilRole: roleRefused,
    revokeCouncilRole: roleRefused,
    listCouncilMembers: roleRefused,
  };
}
