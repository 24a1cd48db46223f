import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { sampleTeam } from "../backend/samples";
import { type KnownGap, nuCheckerKnownGaps } from "../fixtures/nu-checker-known-gaps";
import { type Entry, forms, idCard } from "../fuzz/hostile-forms";
import { nuCheck, type NuMessage } from "../support/nu-checker";
import { publicPages } from "../support/site-pages";
import { runCommand } from "../support/council-command";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

/**
 * Every page's server HTML, as the production server sends it, through the W3C Nu HTML checker (the checker behind
 * validator.w3.org/nu): no error at all, apart from the checker's known gaps, listed in one place
 * (tests/fixtures/nu-checker-known-gaps.ts). The pages: every public page, the link pages with and without a valid
 * token, a signed-in student's pages, the council's, and every form sent with errors (the server's answer, as a
 * visitor without JavaScript gets it). One run of the checker for all of them. Needs `npm run build` and Java.
 */

let smtp: TestSmtpServer;
let server: ProductionServer;
let dataDirectory = "";
const databasePath = () => path.join(dataDirectory, "council.sqlite");

const student = { enrollment: "0187CS297101", username: "Kavya Nair", email: "kavya.nair@example.org" };
const studentPassword = "09032004"; // the sample registration's date of birth, DDMMYYYY

/** Every document checked: what was asked for (method, address, who), and the HTML the server answered. */
const documents: { name: string; html: string }[] = [];
let results = new Map<string, NuMessage[]>();

async function keep(name: string, response: Response, status: number) {
  const html = await response.text();
  expect(response.status, `${name}: status`).toBe(status);
  expect(response.headers.get("content-type"), `${name}: an HTML page`).toMatch(/^text\/html/);
  documents.push({ name, html });
}

async function getPage(path: string, { status = 200, cookie }: { status?: number; cookie?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  await keep(`GET ${path}${cookie ? " (signed in)" : ""}`, response, status);
}

function post(path: string, body: URLSearchParams | FormData, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
}

/** A form's fields as a browser sends them: multipart when it carries a file. */
function formBody(entries: Entry[], multipart: boolean): URLSearchParams | FormData {
  const body = multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of entries) {
    if (body instanceof FormData) body.append(name, value);
    else body.append(name, typeof value === "string" ? value : "");
  }
  return body;
}

/** The token of the first `link` in the e-mail that `recipient` receives, as they find it in their inbox. */
async function tokenInMailTo(recipient: string, link: RegExp): Promise<string> {
  const has = (text: string) => link.test(text);
  const received = await smtp.waitFor((mails) => mails.some((mail) => mail.to.includes(recipient) && has(mail.text)));
  const mail = received.find((each) => each.to.includes(recipient) && has(each.text))!;
  return link.exec(mail.text)![1]!;
}

function isGap(gap: KnownGap, { message, extract }: NuMessage): boolean {
  return message === gap.message && (!gap.extract || gap.extract.test(extract ?? ""));
}

/** `npm run council -- grant`, as an administrator gives a student the council role, against the server's store. */
async function grantCouncilRole(collegeId: string) {
  const result = await runCommand(process.execPath, ["build/cli/council.js", "grant", collegeId], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "nu-checker-council-command-secret-0123456789",
      COUNCIL_API_URL: "",
      DATABASE_PATH: databasePath(),
    },
    timeout: 60_000,
  });
  expect(result.stdout + result.stderr).toContain(`Granted the council role to ${collegeId}`);
}

beforeAll(async () => {
  assertBuilt();
  smtp = await startSmtpServer();
  dataDirectory = mkdtempSync(path.join(tmpdir(), "council-nu-checker-"));
  server = await startProductionServer({
    env: {
      DATABASE_PATH: databasePath(),
      DATABASE_URL: undefined,
      COUNCIL_API_URL: "",
      TRUST_PROXY: undefined,
      // Real e-mail, for the links of the verification e-mail and of a team member's notice.
      SMTP_URL: smtp.url(),
      MAIL_FROM: "Student Council <council@example.org>",
      SITE_URL: "https://council.example.test",
    },
  });
  for (const { path, status } of publicPages) await getPage(path, { status });
  await getPage("/healthz");

  // Every form sent empty (each field there, with nothing in it), as without JavaScript: the server's answer shows
  // each field's message and the form's own.
  for (const form of Object.values(forms)) {
    if (form.path === "/userProfile") continue; // the logout button: nothing to fill
    const empty = form.valid.map(([name]): Entry => [name, ""]);
    await keep(`POST ${form.path}, every field empty`, await post(form.path, formBody(empty, !!form.multipart)), 400);
  }
  const claim = new FormData();
  for (const name of ["username", "email", "enrollment", "idCard"]) claim.append(name, "");
  await keep("POST /college-id-claim, every field empty", await post("/college-id-claim", claim), 400);
  const wrongPassword = new URLSearchParams({ collegeId: student.enrollment, password: "01012000" });
  await keep("POST /login, an unknown College ID", await post("/login", wrongPassword), 401);

  // A student registers, opens the link of their verification e-mail, and logs in.
  const registration = forms.registration!.valid.map(([name, value]): Entry => {
    const mine = { enrollment: student.enrollment, username: student.username, email: student.email }[name];
    return [name, mine ?? (value instanceof File ? idCard() : value)];
  });
  expect((await post("/userProfileRegistration", formBody(registration, true))).status).toBe(302);
  const verification = await tokenInMailTo(student.email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
  await getPage(`/verify-email?token=${verification}`);
  const login = await post("/login", new URLSearchParams({ collegeId: student.enrollment, password: studentPassword }));
  expect(login.status).toBe(302);
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith("__session="))!
    .split(";")[0]!;

  for (const path of ["/", "/userProfile", "/userProfile/delete", "/sih/registration", "/join"])
    await getPage(path, { cookie });
  // The link's page as its account's holder sees it: with the Confirm button.
  await getPage(`/verify-email?token=${verification}`, { cookie });
  await getPage("/council", { cookie, status: 403 });

  // The student registers a team; a member opens the link of their notice, and removes themselves, which leaves
  // the leader a place to add a member.
  const team = sampleTeam("Markup Checkers", "markup");
  const teamFields = new URLSearchParams({ teamName: team.teamName, category: team.category, consent: "on" });
  for (const [index, member] of team.members.entries())
    for (const [name, value] of Object.entries(member) as [string, string][])
      teamFields.append(`members[${index}].${name}`, value);
  expect((await post("/sih/registration", teamFields, cookie)).status).toBe(302);
  // The student's address is not confirmed, so the members hear of the team once its leader presses "Tell my team's
  // members" on the link in the receipt: that page as the leader sees it, then the button.
  const tellToken = await tokenInMailTo(team.members[0]!.email, /\/sih\/team-member\?token=([A-Za-z0-9_-]+)/);
  await getPage(`/sih/team-member?token=${tellToken}`);
  expect((await post("/sih/team-member", new URLSearchParams({ token: tellToken, intent: "tell" }))).status).toBe(302);
  const member = team.members[5]!.email;
  const memberToken = await tokenInMailTo(member, /\/sih\/team-member\?token=([A-Za-z0-9_-]+)/);
  await getPage(`/sih/team-member?token=${memberToken}`);
  const removed = await post("/sih/team-member", new URLSearchParams({ token: memberToken, intent: "remove" }));
  expect(removed.status).toBe(302);
  await getPage(removed.headers.get("location")!);
  await getPage("/sih/team/add-member", { cookie });

  // An entry in each of the inbox's sections, for the council member's pages below.
  for (const form of [forms.join!, forms.suggestion!, forms.ideas!])
    expect((await post(form.path, formBody(form.valid, false))).status, form.path).toBe(302);

  await grantCouncilRole(student.enrollment);
  for (const section of ["applications", "teams", "ideas", "suggestions"])
    await getPage(`/council?section=${section}`, { cookie });
  await getPage("/council/accounts", { cookie });

  results = await nuCheck(documents);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe("the W3C Nu HTML checker", () => {
  it("finds no error in any page's server HTML, apart from its known gaps", () => {
    // Each error once, with every document that has it: one mistake in the shell shows on every page.
    const problems = new Map<string, { extract: string; documents: string[] }>();
    for (const [name, messages] of results) {
      const gaps = nuCheckerKnownGaps.filter((gap) => messages.some((message) => isGap(gap, message)));
      for (const message of messages) {
        if (gaps.some((gap) => isGap(gap, message) || gap.consequences?.includes(message.message))) continue;
        const problem = problems.get(message.message) ?? { extract: message.extract ?? "", documents: [] };
        problem.documents.push(`${name} (${message.lastLine}:${message.lastColumn})`);
        problems.set(message.message, problem);
      }
    }
    expect(documents.length).toBeGreaterThan(40);
    const report = [...problems].map(
      ([message, { extract, documents: where }]) =>
        `- ${message}\n  at …${extract.slice(0, 160)}…\n  in ${where.length} document(s): ${where.join("; ")}`,
    );
    expect(report, `The Nu HTML checker found ${report.length} kind(s) of error:\n${report.join("\n")}\n`).toEqual([]);
  });

  it("still reports every known gap on some page (a gap it no longer reports comes off the list)", () => {
    const reported = [...results.values()].flat();
    const stale = nuCheckerKnownGaps
      .filter((gap) => !reported.some((message) => isGap(gap, message)))
      .map((gap) => gap.message);
    expect(stale, "known gaps no page shows any more").toEqual([]);
  });
});
