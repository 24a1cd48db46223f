// The load npm run bench:store puts on the join form: a new applicant a request, and the rows each run stored.
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { loadTestModule } from "../throwaway-services.mjs";

/** @typedef {import("autocannon").Result} LoadResult */
/** @typedef {(pattern: string) => Promise<number>} RowCounter */

// Every submission is a new applicant (its own e-mail and enrollment number) from its own client address: the join
// form allows 30 submissions per client address in 10 minutes, and the site takes the address from X-Forwarded-For
// only from a trusted proxy (TRUST_PROXY=loopback; the load comes from 127.0.0.1). No limit is switched off.
const { joinFormFields } = /** @type {typeof import("../../../tests/backend/samples")} */ (
  await loadTestModule("backend/samples.ts")
);
let submissions = 0;
/** @param {string} tag */
function joinBody(tag) {
  submissions += 1;
  const n = submissions;
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: new URLSearchParams({
      ...joinFormFields(`${tag}.${n}@bench.example.org`, `0187BN${String(n).padStart(7, "0")}`),
      name: `Bench Applicant ${n}`,
    }).toString(),
  };
}

/**
 * One autocannon run of POST /join against `url` with `connectionCount` connections, each request a new applicant.
 * @param {string} url
 * @param {{ tag: string, seconds: number, connectionCount: number }} load
 * @returns {Promise<LoadResult>}
 */
function hammer(url, { tag, seconds, connectionCount }) {
  return autocannon({
    url,
    connections: connectionCount,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/join",
        setupRequest: (request) => {
          const { address, body } = joinBody(tag);
          request.body = body;
          request.headers = { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address };
          return request;
        },
      },
    ],
  });
}

/**
 * Submissions per second with the load split evenly over `urls` (one autocannon per replica, side by side).
 * @param {string} label
 * @param {string[]} urls
 * @param {RowCounter} countStored
 * @param {{ durationSeconds: number, connections: number, warmUpSeconds: number }} settings
 */
export async function measure(label, urls, countStored, { durationSeconds, connections, warmUpSeconds }) {
  const perReplica = Math.max(1, Math.round(connections / urls.length));
  await Promise.all(
    urls.map((url) => hammer(url, { tag: `${label}-warm`, seconds: warmUpSeconds, connectionCount: perReplica })),
  );
  const tag = `${label}-run`;
  const results = await Promise.all(
    urls.map((url) => hammer(url, { tag, seconds: durationSeconds, connectionCount: perReplica })),
  );
  /** @type {(result: LoadResult, status: number) => number} */
  const count = (result, status) => Number(statusCounts(result)[status]?.count ?? 0);
  const redirected = results.reduce((sum, result) => sum + count(result, 302), 0);
  const answered = results.reduce(
    (sum, result) => sum + Object.values(statusCounts(result)).reduce((s, c) => s + Number(c.count), 0),
    0,
  );
  const failedConnections = results.reduce((sum, result) => sum + result.errors + result.timeouts, 0);
  const stored = await countStored(`${tag}.%`);
  return {
    label,
    replicas: urls.length,
    connections: perReplica * urls.length,
    redirected,
    perSecond: redirected / durationSeconds,
    // With two replicas: the mean of their medians, and the worse of their 99th percentiles.
    p50: results.reduce((sum, result) => sum + result.latency.p50, 0) / results.length,
    p99: Math.max(...results.map((result) => result.latency.p99)),
    other: answered - redirected + failedConnections,
    stored,
  };
}

/**
 * autocannon counts answers by status code; its types leave the counts out.
 * @param {LoadResult} result
 * @returns {Record<string, { count: number }>}
 */
function statusCounts(result) {
  return /** @type {{ statusCodeStats?: Record<string, { count: number }> }} */ (result).statusCodeStats ?? {};
}

/** @type {(databasePath: string) => RowCounter} */
export const countInSqlite = (databasePath) => (pattern) => {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const row = /** @type {{ count: number }} */ (
      database.prepare("SELECT count(*) AS count FROM applications WHERE email LIKE ?").get(pattern)
    );
    // better-sqlite3 answers at once; the counter's promise is for PostgreSQL's sake.
    return Promise.resolve(row.count);
  } finally {
    database.close();
  }
};

/** @type {(url: string) => RowCounter} */
export const countInPostgres = (url) => async (pattern) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ count: string }>} */
    const result = await client.query("SELECT count(*) AS count FROM applications WHERE email LIKE $1", [pattern]);
    return Number(result.rows[0]?.count);
  } finally {
    await client.end();
  }
};

/** @param {string} url */
export async function postJoin(url) {
  const { address, body } = joinBody("recovery");
  const response = await fetch(`${url}/join`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return response.status;
}
