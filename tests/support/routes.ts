import type { SubmissionResult } from "@conform-to/react";
import { sql } from "kysely";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider, type UNSAFE_DataWithResponseInit } from "react-router";
import { hi } from "~/i18n/catalogue/hi";
import type { Locale } from "~/i18n/locale";
import { TextProvider } from "~/i18n/use-text";
import App, { Layout, loader as rootLoader } from "~/root";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { IdentityProvider } from "~/server/backend/council-backend.server";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { signIn } from "~/server/accounts/session.server";
import { sampleAccount, studentPassword } from "../backend/samples";

/**
 * Calling loaders and actions the way the router does (Request in, Response or data out), and reading what they
 * answered: status, headers, data, cookies and the flash toast the next page shows. Every route test goes through
 * these, so a change in how the router calls a route is made here once.
 */

/** What a loader or action returns or throws: a Response (a redirect, a file) or `data()` with its status. */
export type RouteResult = Response | UNSAFE_DataWithResponseInit<unknown>;

/** The arguments the router passes a loader, an action or a middleware for this request. */
export function routeArgs<Params extends Record<string, string> = Record<string, never>>(
  request: Request,
  params: Params = {} as Params,
) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context: new RouterContextProvider() };
}

type Visit = { cookie?: string; headers?: Record<string, string> };

function headersFor({ cookie, headers }: Visit): Record<string, string> {
  return { ...(cookie ? { Cookie: cookie } : {}), ...headers };
}

/** A page visit to `path` on this site, with the visitor's Cookie header when given. */
export function get(path: string, visit: Visit = {}): Request {
  return new Request(`http://localhost${path}`, { headers: headersFor(visit) });
}

/** Form fields as a browser sends them; a field left `undefined` is not sent at all (an unticked checkbox). */
export type Fields = Record<string, string | undefined> | [string, string][];

/** A form post to `path`: URL-encoded fields, or multipart when given FormData (files). */
export function post(path: string, fields: Fields | FormData, visit: Visit = {}): Request {
  let body: URLSearchParams | FormData;
  if (fields instanceof FormData) body = fields;
  else {
    body = new URLSearchParams();
    const entries = Array.isArray(fields) ? fields : Object.entries(fields);
    for (const [name, value] of entries) if (value !== undefined) body.append(name, value);
  }
  return new Request(`http://localhost${path}`, { method: "POST", body, headers: headersFor(visit) });
}

/** Runs a loader or action and gives back a Response it threw (a redirect, a 404) as if it had returned it. */
export async function caught(work: unknown): Promise<RouteResult> {
  try {
    return (await work) as RouteResult;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Runs a synchronous loader that must throw, and gives back what it threw. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

export const statusOf = (result: unknown): number =>
  result instanceof Response ? result.status : ((result as UNSAFE_DataWithResponseInit<unknown>).init?.status ?? 200);

export const headersOf = (result: unknown): Headers =>
  result instanceof Response
    ? result.headers
    : new Headers((result as UNSAFE_DataWithResponseInit<unknown>).init?.headers);

/** The data a route answered with `data()`; a Response here fails the test. */
export function dataOf<T>(result: unknown): T {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return (result as UNSAFE_DataWithResponseInit<T>).data;
}

/** The whole Set-Cookie line for the cookie `name`, or undefined when the answer does not set it. */
export function setCookieOf(result: unknown, name: string): string | undefined {
  return headersOf(result)
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`));
}

/** What a browser sends back for the cookie `name` that the answer set: `name=value`, without the attributes. */
export function cookieOf(result: unknown, name: string): string {
  const line = setCookieOf(result, name);
  if (!line) throw new Error(`expected the answer to set the cookie ${name}`);
  return line.split(";")[0]!;
}

/** The Cookie header of a visitor signed in with the given backend credentials. */
export async function signedInCookie(credentials = "test-credentials"): Promise<string> {
  return (await signIn(new Request("http://localhost/login"), credentials)).split(";")[0]!;
}

/**
 * A student of their own, registered with `identity` (the sample account under this College ID and e-mail), given
 * the council role when asked, and logged in: their Cookie header and the backend's credentials.
 */
export async function signInNewStudent(
  identity: IdentityProvider,
  student: { collegeId: string; email: string; username: string; councilMember?: boolean },
) {
  const { collegeId, email, username, councilMember = false } = student;
  const registered = await identity.registerAccount({ ...sampleAccount, username, email, enrollment: collegeId });
  if (!registered.ok) throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  if (councilMember && !(await identity.grantCouncilRole(collegeId)).ok) throw new Error("grant failed");
  const login = await identity.logIn(collegeId, studentPassword);
  if (!login.ok) throw new Error("login failed");
  return { cookie: await signedInCookie(login.value), credentials: login.value };
}

/**
 * Signed-in visitors for one test file, a new account at each call: College IDs `0187<series>0001`, `0002`, ... (a
 * series of the file's own), named `<name> 1`, `2`, ..., at `<mailbox>1@example.org`, ...; with the council role
 * when `member`.
 */
export function newVisitors(identity: IdentityProvider, series: string, { name = "Member", mailbox = "member" } = {}) {
  let count = 0;
  return async ({ member }: { member: boolean }) => {
    count += 1;
    const collegeId = `0187${series}${String(count).padStart(4, "0")}`;
    const student = { collegeId, username: `${name} ${count}`, email: `${mailbox}${count}@example.org` };
    return { ...(await signInNewStudent(identity, { ...student, councilMember: member })), collegeId };
  };
}

/**
 * The newest verification link's token queued for `email` in `store` (by default the server's own built-in store), as
 * the student would find it in their inbox, or undefined when none was queued.
 */
export async function verificationTokenFor(
  email: string,
  store: BuiltInStore | undefined = usedBuiltInStore(),
): Promise<string | undefined> {
  if (!store) throw new Error("no built-in store in this configuration");
  const row = await store.database.read((trx) =>
    trx
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "=", "verify-email")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirst(),
  );
  return row ? /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1] : undefined;
}

/**
 * Proves a student as the real flows do: their e-mail by the verification link's token, and (when asked) their College
 * ID as a council member's check records it.
 */
export async function proveStudent(
  identity: IdentityProvider,
  student: { email: string; collegeId?: string },
): Promise<void> {
  const token = await verificationTokenFor(student.email);
  if (!token) throw new Error(`no verification e-mail for ${student.email}`);
  // The account the link is for, as the student signed in to it would press Confirm.
  const checked = await identity.emailVerification!.check(token);
  const accountKey = checked.ok ? checked.value.account?.accountKey : undefined;
  if (!accountKey) throw new Error(`the link for ${student.email} is not live: ${JSON.stringify(checked)}`);
  const confirmed = await identity.emailVerification!.confirm(token, accountKey);
  if (!confirmed.ok || confirmed.value !== "confirmed") throw new Error(`not confirmed: ${JSON.stringify(confirmed)}`);
  if (student.collegeId) {
    const store = usedBuiltInStore()!;
    await store.database.write((trx) =>
      trx
        .updateTable("accounts")
        .set({ college_id_checked_at: new Date().toISOString(), college_id_checked_by: "0187ME220311" })
        .where(sql<boolean>`lower(enrollment) = ${student.collegeId!.toLowerCase()}`)
        .execute(),
    );
  }
}

/** The flash toast the page after `answer` shows: the root loader reads the toast cookie the answer set. */
export async function toastAfter(answer: unknown, path = "/") {
  const result = await rootLoader(routeArgs(get(path, { cookie: cookieOf(answer, "toast") })));
  return result.data.toast;
}

/**
 * A route's page rendered to HTML as the server renders it, from the loader data and the action data given
 * (without React's text separators, so tests can match whole sentences). In Hindi with `locale: "hi"`: the texts given
 * by a provider, as entry.server.tsx gives a Hindi page's (the tests' default instance, tests/setup/i18n.ts, stays
 * English).
 */
export function renderRoute(
  {
    path,
    Component,
    loaderData,
    actionData,
    locale = "en",
  }: { path: string; Component: unknown; loaderData?: unknown; actionData?: unknown; locale?: Locale },
  at = path,
): string {
  const id = "page";
  const Stub = createRoutesStub([
    {
      id,
      path,
      Component: Component as ComponentType,
      action: () => null,
      ...(loaderData === undefined ? {} : { loader: () => loaderData }),
    },
  ]);
  const page = createElement(Stub, {
    initialEntries: [at],
    hydrationData: {
      loaderData: loaderData === undefined ? {} : { [id]: loaderData },
      actionData: actionData === undefined ? undefined : { [id]: actionData },
    },
  });
  const html = renderToString(
    locale === "hi" ? createElement(TextProvider, { texts: { locale: "hi", catalogue: hi } }, page) : page,
  );
  return html.replaceAll("<!-- -->", "");
}

/**
 * A page's whole document as the server renders it: the root layout (the header, the toast area...) around the route's
 * page, with the root loader run for this request after the route's action, in the same `context` (the action's
 * arguments' context), as the router runs them.
 */
export async function renderDocument(
  {
    path,
    Component,
    loaderData,
    actionData,
  }: { path: string; Component: unknown; loaderData?: unknown; actionData?: unknown },
  context = new RouterContextProvider(),
): Promise<string> {
  const rootData = await rootLoader({ ...routeArgs(get(path)), context });
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => createElement(Layout, null, createElement(App)),
      children: [{ id: "page", path, Component: Component as ComponentType, action: () => null }],
    },
  ]);
  const render = () =>
    renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: {
          loaderData: { root: rootData.data, ...(loaderData === undefined ? {} : { page: loaderData }) },
          actionData: actionData === undefined ? undefined : { page: actionData },
        },
      }),
    );
  // The stub has no script files for React Router's held scripts to name: React warns of their empty addresses.
  const warn = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("An empty string")) warn(...args);
  };
  try {
    return render().replaceAll("<!-- -->", "");
  } finally {
    console.error = warn;
  }
}

/** An action's answer to a refused form: status 400 (or 413, 429...) and conform's reply, entries kept. */
export type FormReply = UNSAFE_DataWithResponseInit<SubmissionResult<string[]>>;

/** What an action answered with `data()`: its status and conform's reply; a Response here fails the test. */
export function replyOf(result: unknown): { status: number; reply: SubmissionResult<string[]> } {
  return { status: statusOf(result), reply: dataOf<SubmissionResult<string[]>>(result) };
}

/** Where a redirect sends the visitor, and the flash toast the next page shows; anything but a redirect fails. */
export async function redirectOf(result: unknown, path = "/") {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got data with status ${statusOf(result)}`);
  const toast = setCookieOf(result, "toast") ? await toastAfter(result, path) : undefined;
  return { status: result.status, location: result.headers.get("Location"), toast };
}
