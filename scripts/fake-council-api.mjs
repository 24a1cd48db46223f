#!/usr/bin/env node
// A stand-in for the council's own API (see docs/behaviour.md, "The council API"), for the adapter's tests and for
// running the site against "a council API" by hand. Plain node:http, no packages, everything in memory.
//
//   node scripts/fake-council-api.mjs [--port 4010]     (or: npm run fake-council-api -- --port 4010)
//   COUNCIL_API_URL=http://127.0.0.1:4010 npm run dev   in another terminal
//
// Rules, as a real council API would apply them:
//   POST /council/apply        every field of the application present → 201, else 400 { message }
//   POST /auth/login           { collegeId, password }: collegeId = enrollment, password = date of birth DDMMYYYY
//                              → 200 + Set-Cookie council_session=<random>; HttpOnly; Path=/
//                              → 401 { message: "No account with this College ID." } for an unknown College ID
//                              → 401 { message: "Invalid College ID or Password." } for a wrong password
//   GET  /auth/me              the council_session cookie → 200 { user: {...} }, else 401 { message }
//   GET  /auth/logout          drops the session → 200
//   POST /api/registration     team names unique ignoring case, a person (email) in one team only
//                              → 201 { success: true, message: "Team registered" } or 409/400 { success: false, message }
//   GET  /api/registration     → 200 { success: true, data: [{ _id, teamName, category }] }
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { applicationFields, passwordFor, publicUser, teamProblem } from "./lib/fake-council-api/rules.mjs";
import { isObject, readBody, send, sessionToken } from "./lib/fake-council-api/wire.mjs";

/**
 * @typedef {{ enrollment: string, dob: string, username: string, email: string, phone: string, college: string,
 *   branch: string, gender: string, bio?: string }} FakeAccount  dob is YYYY-MM-DD
 * @typedef {{ method: string, path: string, headers: import("node:http").IncomingHttpHeaders, body: unknown }}
 *   RecordedRequest  body: parsed JSON, the raw text when it is not JSON, undefined when empty
 * @typedef {{ delayMs?: number, status?: number, nonJson?: boolean, body?: unknown, redirectTo?: string,
 *   only?: string, extraSetCookies?: string[] }} FakeBehaviour  how the next requests are answered instead of by
 *   the normal rules: after a delay, with a status, an HTML page, a given JSON body or a redirect; `only` limits it to
 *   one path; `extraSetCookies` go out with a successful login
 * @typedef {{ _id: string, teamName: string, category: string, description: string,
 *   members: Record<string, unknown>[], createdAt: string }} StoredTeam
 * @typedef {{ teamName: string, category: string, description: string, members: Record<string, unknown>[] }} TeamBody
 *   a registration that teamProblem found nothing wrong with
 * @typedef {object} FakeCouncilApi
 * @property {string} url
 * @property {number} port
 * @property {RecordedRequest[]} requests every request received, in order (also the ones answered by a behaviour)
 * @property {StoredTeam[]} teams registered teams as stored (with members)
 * @property {(account: FakeAccount) => void} addAccount
 * @property {(behaviour: FakeBehaviour) => void} setBehaviour `setBehaviour({})` goes back to the normal rules
 * @property {() => void} reset forgets the recorded requests and any behaviour (accounts, sessions and teams stay)
 * @property {() => Promise<void>} close
 */

/**
 * Starts the fake on 127.0.0.1 (port 0 = any free port).
 * @param {{ port?: number, host?: string, log?: boolean }} [options]
 * @returns {Promise<FakeCouncilApi>}
 */
export async function startFakeCouncilApi(options = {}) {
  const { port = 0, host = "127.0.0.1", log = false } = options;

  /** @type {Map<string, FakeAccount>} keyed by enrollment (the College ID) */
  const accounts = new Map();
  /** @type {Map<string, string>} session token → enrollment */
  const sessions = new Map();
  /** @type {StoredTeam[]} */
  const teams = [];
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {FakeBehaviour} */
  let behaviour = {};
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  // Node does not wait for the promise; every step inside answers or records on its own.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const raw = await readBody(req).catch(() => undefined);
    if (raw === undefined) {
      send(res, 413, { message: "Request body too large." });
      return;
    }
    /** @type {unknown} */
    let body;
    if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body });

    const current = behaviour;
    const applies = current.only === undefined || current.only === url.pathname;
    if (applies && current.delayMs) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve(undefined);
        }, current.delayMs);
        timers.add(timer);
      });
      if (res.destroyed || req.socket.destroyed) return;
    }

    if (applies && current.redirectTo) {
      res.writeHead(current.status ?? 302, { Location: current.redirectTo });
      res.end();
    } else if (applies && current.nonJson) {
      res.writeHead(current.status ?? 200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Maintenance</title><p>The council API is down for maintenance.</p>");
    } else if (applies && current.body !== undefined) {
      send(res, current.status ?? 200, current.body);
    } else if (applies && current.status) {
      send(res, current.status, { success: false, message: `Fake council API answering ${current.status}` });
    } else {
      route(req.method ?? "GET", url.pathname, req.headers.cookie, body, res, current);
    }
    if (log) console.log(`${req.method} ${url.pathname} → ${res.statusCode}`);
  });

  /**
   * @param {string} method
   * @param {string} path
   * @param {string | undefined} cookieHeader
   * @param {unknown} body
   * @param {import("node:http").ServerResponse} res
   * @param {FakeBehaviour} current
   */
  function route(method, path, cookieHeader, body, res, current) {
    const json = isObject(body) ? body : undefined;

    if (method === "POST" && path === "/council/apply") {
      const missing = applicationFields.filter((field) => json?.[field] === undefined || json[field] === "");
      if (missing.length > 0) return send(res, 400, { message: `Missing fields: ${missing.join(", ")}` });
      return send(res, 201, { message: "Application received" });
    }

    if (method === "POST" && path === "/auth/login") {
      const collegeId = typeof json?.collegeId === "string" ? json.collegeId.trim() : "";
      const password = typeof json?.password === "string" ? json.password : "";
      if (!collegeId || !password) return send(res, 400, { message: "College ID and password are required." });
      const account = accounts.get(collegeId);
      if (!account) return send(res, 401, { message: "No account with this College ID." });
      if (password !== passwordFor(account.dob)) return send(res, 401, { message: "Invalid College ID or Password." });
      const token = randomBytes(24).toString("base64url");
      sessions.set(token, account.enrollment);
      res.setHeader("Set-Cookie", [`council_session=${token}; HttpOnly; Path=/`, ...(current.extraSetCookies ?? [])]);
      return send(res, 200, { message: "Login successful", user: publicUser(account) });
    }

    if (method === "GET" && path === "/auth/me") {
      const token = sessionToken(cookieHeader);
      const enrollment = token ? sessions.get(token) : undefined;
      const account = enrollment ? accounts.get(enrollment) : undefined;
      if (!account) return send(res, 401, { message: "Not signed in." });
      return send(res, 200, { user: publicUser(account) });
    }

    if (method === "GET" && path === "/auth/logout") {
      const token = sessionToken(cookieHeader);
      if (token) sessions.delete(token);
      res.setHeader("Set-Cookie", "council_session=; HttpOnly; Path=/; Max-Age=0");
      return send(res, 200, { message: "Logged out" });
    }

    if (method === "POST" && path === "/api/registration") {
      const problem = teamProblem(json);
      if (problem) return send(res, 400, { success: false, message: problem });
      const team = /** @type {TeamBody} */ (json);
      const name = team.teamName.trim();
      if (teams.some((existing) => existing.teamName.toLowerCase() === name.toLowerCase())) {
        return send(res, 409, { success: false, message: "Team name already taken" });
      }
      const taken = new Set(teams.flatMap((existing) => existing.members.map((m) => String(m.email).toLowerCase())));
      const member = team.members.find((m) => taken.has(String(m.email).toLowerCase()));
      if (member) return send(res, 409, { success: false, message: `${String(member.email)} is already in a team` });
      teams.push({
        _id: randomUUID().replaceAll("-", "").slice(0, 24),
        teamName: name,
        category: team.category,
        description: team.description,
        members: team.members,
        createdAt: new Date().toISOString(),
      });
      return send(res, 201, { success: true, message: "Team registered" });
    }

    if (method === "GET" && path === "/api/registration") {
      // Members' e-mails and phones are not public: the list carries a team's name and category, plus a date.
      const data = teams.map(({ _id, teamName, category, createdAt }) => ({ _id, teamName, category, createdAt }));
      return send(res, 200, { success: true, data });
    }

    return send(res, 404, { message: `No route for ${method} ${path}` });
  }

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The fake council API has no TCP address");

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    /** Every request received, in order (also the ones answered by a behaviour). */
    requests,
    /** @param {FakeAccount} account */
    addAccount(account) {
      accounts.set(account.enrollment, { ...account });
    },
    /** Replaces how the next requests are answered; `setBehaviour({})` goes back to the normal rules. */
    setBehaviour(/** @type {FakeBehaviour} */ next) {
      behaviour = { ...next };
    },
    /** Forgets the recorded requests and any behaviour (accounts, sessions and teams stay). */
    reset() {
      requests.length = 0;
      behaviour = {};
    },
    /** Registered teams as stored (with members), for tests that check what arrived. */
    teams,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

// Run as a command: start on --port (default 4010) with one sample account and say how to use it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portFlag = process.argv.indexOf("--port");
  const port = portFlag === -1 ? 4010 : Number(process.argv[portFlag + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error("Usage: node scripts/fake-council-api.mjs [--port 4010]");
    process.exit(2);
  }
  const sample = {
    enrollment: "0187CS221001",
    dob: "2004-03-15",
    username: "Sample Student",
    email: "sample.student@example.org",
    phone: "+919876543210",
    college: "TIT",
    branch: "CSE",
    gender: "Female",
    bio: "A sample account of the fake council API.",
  };
  const fake = await startFakeCouncilApi({ port, log: true });
  fake.addAccount(sample);
  console.log(`Fake council API listening at ${fake.url}`);
  console.log(`Sample account: College ID ${sample.enrollment}, password ${passwordFor(sample.dob)}`);
  console.log(`Start the site against it: COUNCIL_API_URL=${fake.url} npm run dev`);
  console.log("Everything is kept in memory and forgotten on exit (Ctrl+C).");
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
