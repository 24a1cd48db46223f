import type { SubmissionResult } from "@conform-to/react";
import { deliveryAt } from "~/delivery/route-deliveries.server";
import { getZodConstraint } from "@conform-to/zod/v4";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CouncilAccounts, { action, loader, meta } from "~/routes/council-accounts";
import { pageHeaders } from "~/delivery/headers.server";
import { loader as idCardLoader } from "~/routes/council-id-card";
import CollegeIdClaim, { action as claimAction, loader as claimLoader } from "~/routes/college-id-claim";
import CouncilPage, { loader as inboxLoader } from "~/routes/council";
import { collegeIdClaimConstraint } from "~/components/account/college-id-claim-form";
import { createCollegeIdClaimSchema } from "~/forms/college-id-claim";
import { en } from "~/i18n/catalogue/en";
import UserProfileRegistration, {
  action as registrationAction,
  loader as registrationLoader,
} from "~/routes/user-profile-registration";
import { identity, submissions, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { log } from "~/server/ops/log.server";
import { idCardForm, sampleAccount, sampleApplication, tinyPng } from "../backend/samples";
import {
  caught,
  dataOf,
  get,
  headersOf,
  post,
  redirectOf,
  renderRoute,
  type RouteResult,
  routeArgs,
  signInNewStudent,
  statusOf,
} from "../support/routes";

/** The headers a page of this route is answered with: its delivery's (app/delivery/delivery.ts). */
const headers = (_args?: unknown) =>
  new Headers(pageHeaders(deliveryAt("/council/accounts")!, { nonce: undefined, production: false }));

/**
 * /council/accounts against the real built-in store (this file's own temporary database): who may see it, Confirm
 * College ID and Reject through the submission pipeline, the ID card images, "This College ID is mine" from the
 * refused registration to the claim's resolution.
 */

type PageData = Awaited<ReturnType<typeof loader>>["data"];

const store = () => {
  const builtIn = usedBuiltInStore();
  if (!builtIn) throw new Error("these tests need the built-in store");
  return builtIn;
};

beforeEach(async () => {
  // Every test starts without accounts, claims or e-mails of earlier tests.
  await store().database.write(async (trx) => {
    for (const table of ["accounts", "college_id_claims", "outbox", "erasures", "applications"] as const)
      await trx.deleteFrom(table).execute();
  });
  await limits.reset();
});
afterEach(() => vi.restoreAllMocks());

let accounts = 0;
/** A new student's details under a College ID of their own. */
function newStudent(name = "Aarav Sharma") {
  accounts += 1;
  const collegeId = `0187CS26${String(accounts).padStart(4, "0")}`;
  return { collegeId, username: `${name} ${accounts}`, email: `student${accounts}@example.org` };
}

/** Registers a student (not signed in) and gives back their account's key. */
async function registered(student = newStudent()) {
  const outcome = await identity.registerAccount({
    ...sampleAccount,
    username: student.username,
    email: student.email,
    enrollment: student.collegeId,
  });
  expect(outcome).toEqual({ ok: true });
  return { ...student, key: await keyOf(student.collegeId) };
}

async function keyOf(collegeId: string) {
  const row = await store().database.read((trx) =>
    trx.selectFrom("accounts").select("uid").where("enrollment", "=", collegeId).executeTakeFirstOrThrow(),
  );
  return row.uid;
}

/** A signed-in visitor's Cookie header: a new account, with the council role when `member`. */
async function signedIn({ member }: { member: boolean }) {
  const student = newStudent("Council Member");
  const { cookie, credentials } = await signInNewStudent(identity, { ...student, councilMember: member });
  return { cookie, credentials, collegeId: student.collegeId };
}

const visit = (path: string, cookie?: string) => caught(loader(routeArgs(get(path, { cookie }))));
const press = (fields: Record<string, string>, cookie?: string, path = "/council/accounts") =>
  caught(action(routeArgs(post(path, fields, { cookie }))));
const idCard = (path: string, cookie?: string) => {
  const claim = /\/claims\/([^/]+)\//.exec(path)?.[1];
  const account = /^\/council\/accounts\/([^/]+)\/id-card/.exec(path)?.[1];
  const params: Record<string, string> = claim !== undefined ? { claimId: claim } : { accountId: account ?? "" };
  return caught(idCardLoader(routeArgs(get(path, { cookie }), params) as never));
};

const outboxTo = (recipient: string) =>
  store().database.read((trx) =>
    trx.selectFrom("outbox").select(["kind", "text_body"]).where("recipient", "=", recipient).orderBy("id").execute(),
  );

const errorsOf = (result: RouteResult) => Object.values(dataOf<SubmissionResult<string[]>>(result).error ?? {}).flat();

const documentHeaders = (actionHeaders = new Headers()) =>
  new Headers(
    headers({ actionHeaders, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }),
  );

const render = (data: PageData, address = "/council/accounts", actionData?: unknown) =>
  renderRoute({ path: "/council/accounts", Component: CouncilAccounts, loaderData: data, actionData }, address);

/** The registration form as a browser posts it, with these name, address and College ID. */
const registrationForm = (student: { username: string; email: string; enrollment: string }) =>
  idCardForm({ ...student, college: "TIT", branch: "CSE", phone: "9876543210", dob: "2004-09-05", gender: "Female" });

describe("who may open /council/accounts", () => {
  it("a visitor who is not signed in goes to /login and comes back; the page is never cached", async () => {
    const result = await visit("/council/accounts?q=aarav");
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("Location")).toBe("/login?redirectTo=%2Fcouncil%2Faccounts%3Fq%3Daarav");
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
  });

  it("a student without the council role gets 403 as on /council, and their buttons change nothing", async () => {
    const student = await registered();
    const { cookie } = await signedIn({ member: false });
    const result = await visit("/council/accounts", cookie);
    expect(statusOf(result)).toBe(403);
    const body = await (result as Response).text();
    expect(body).toContain("only for council members");
    expect(body).not.toContain(student.username);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    expect(statusOf(await press({ intent: "reject", account: student.key }, cookie))).toBe(403);
    expect(await keyOf(student.collegeId)).toBe(student.key);
  });

  it("a member sees every account awaiting a check with its ID card, privately and never indexed", async () => {
    const older = await registered(newStudent("Diya Patel"));
    const newer = await registered(newStudent("Ravi Kumar"));
    const { cookie, collegeId } = await signedIn({ member: true });
    const result = await visit("/council/accounts", cookie);
    expect(statusOf(result)).toBe(200);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    const page = dataOf<PageData>(result);
    expect(page.member).toBe(collegeId);
    // Newest first: the member's own account too, since nobody has checked it either.
    expect(page.awaiting.accounts.map((account) => account.name)).toEqual([
      expect.stringContaining("Council Member") as string,
      newer.username,
      older.username,
    ]);
    expect(page.awaiting.accounts[1]).toEqual({
      key: newer.key,
      name: newer.username,
      collegeId: newer.collegeId,
      college: sampleAccount.college,
      branch: sampleAccount.branch,
      createdAt: expect.any(String) as string,
      emailVerified: false,
      idCardKept: true,
    });
    expect(documentHeaders().get("Cache-Control")).toBe("private, no-store");
    expect(documentHeaders().get("X-Robots-Tag")).toBe("noindex");
    expect(meta({ matches: [] } as never)).toContainEqual({ name: "robots", content: "noindex" });

    const html = render(page);
    expect(html).toMatch(/<h1[^>]*>Accounts to check<\/h1>/);
    expect(html).toContain(
      `<img src="/council/accounts/${newer.key}/id-card" alt="ID card sent with the account of ${newer.username}"`,
    );
    expect(html).toContain(`aria-label="Confirm College ID: ${newer.username}"`);
    expect(html).toContain(`href="/council/accounts?reject=${newer.key}#account-${newer.key}-reject"`);
    expect(html).not.toContain("Reject the account of");
  });

  it("the inbox links to the accounts page", async () => {
    const { cookie } = await signedIn({ member: true });
    const data = dataOf<Record<string, unknown>>(await caught(inboxLoader(routeArgs(get("/council", { cookie })))));
    expect(data.checksAccounts).toBe(true);
    const html = renderRoute({ path: "/council", Component: CouncilPage, loaderData: data });
    expect(html).toMatch(/<nav aria-label="Council pages"[\s\S]*href="\/council\/accounts"[^>]*>Accounts<\/a>/);
  });
});

describe("Confirm College ID and Reject", () => {
  it("Confirm sets the check, and the application sent under that College ID then shows on the student's profile", async () => {
    const student = newStudent("Diya Patel");
    const { credentials } = await signInNewStudent(identity, student);
    expect(await submissions.applyToCouncil({ ...sampleApplication, enrollment: student.collegeId })).toEqual({
      ok: true,
    });
    const sentToStudent = async () => {
      const record = await identity.accountRecord!(credentials);
      if (!record.ok) throw new Error("no record");
      const { accountKey, collegeId, collegeIdChecked } = record.value;
      const sent = await store().students.sentBy({
        accountKey,
        checkedCollegeId: collegeIdChecked ? collegeId : undefined,
      });
      if (!sent.ok) throw new Error("not ok");
      return sent.value.applications.map((application) => application.enrollment);
    };
    expect(await sentToStudent()).toEqual([]);

    const { cookie, collegeId: memberId } = await signedIn({ member: true });
    const key = await keyOf(student.collegeId);
    const result = await press({ intent: "confirm", account: key }, cookie, "/council/accounts?q=diya&page=1");
    expect(await redirectOf(result, "/council/accounts")).toMatchObject({
      status: 302,
      location: "/council/accounts?q=diya",
      toast: { type: "success", message: `College ID ${student.collegeId} of ${student.username} confirmed.` },
    });
    const row = await store().database.read((trx) =>
      trx.selectFrom("accounts").select("college_id_checked_by").where("uid", "=", key).executeTakeFirstOrThrow(),
    );
    expect(row.college_id_checked_by).toBe(memberId);
    expect(await sentToStudent()).toEqual([student.collegeId]);
    // Checked accounts leave the list.
    const page = dataOf<PageData>(await visit(`/council/accounts?q=${student.collegeId}`, cookie));
    expect(page.awaiting.total).toBe(0);
  });

  it("Reject asks first, naming whose account it is; an address for an account not shown asks nothing", async () => {
    const student = await registered();
    const { cookie } = await signedIn({ member: true });
    const page = dataOf<PageData>(await visit(`/council/accounts?reject=${student.key}`, cookie));
    expect(page.confirmReject).toBe(student.key);
    const html = render(page, `/council/accounts?reject=${student.key}`);
    expect(html).toContain(
      `Reject the account of <bdi>${student.username}</bdi> (College ID <bdi>${student.collegeId}</bdi>)?`,
    );
    expect(html).toContain(`aria-label="Reject the account of ${student.username}"`);
    expect(html).toMatch(/<input type="hidden" name="intent" value="reject"\/>/);

    for (const odd of ["0".repeat(32), "nonsense", ""]) {
      expect(dataOf<PageData>(await visit(`/council/accounts?reject=${odd}`, cookie)).confirmReject).toBeNull();
    }
  });

  it("Reject removes the account, frees its College ID and queues exactly one e-mail to its address", async () => {
    const student = await registered();
    const { cookie, collegeId: memberId } = await signedIn({ member: true });
    vi.spyOn(log, "info").mockImplementation(() => undefined);
    const result = await press(
      { intent: "reject", account: student.key },
      cookie,
      `/council/accounts?reject=${student.key}`,
    );
    expect(await redirectOf(result, "/council/accounts")).toMatchObject({
      status: 302,
      location: "/council/accounts",
      toast: {
        message: `The account of ${student.username} (${student.collegeId}) was removed. An e-mail tells them why.`,
      },
    });
    // The log says what happened, never whose account it was.
    expect(vi.mocked(log.info).mock.calls.flat().join(" ")).not.toMatch(new RegExp(`${student.collegeId}|Aarav`));

    const left = await store().database.read((trx) =>
      trx.selectFrom("accounts").select("enrollment").where("enrollment", "=", student.collegeId).execute(),
    );
    expect(left).toEqual([]);
    const mails = await outboxTo(student.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["account-rejected"]);
    expect(mails[0]!.text_body).toContain(`(${student.collegeId}) with the ID card you sent, and they did not match`);
    const erasures = await store().database.read((trx) => trx.selectFrom("erasures").selectAll().execute());
    expect(erasures).toEqual([
      expect.objectContaining({ what: "account", reason: "council-request", by_college_id: memberId }),
    ]);

    // Its owner can now register with it.
    const body = registrationForm({
      username: "The Real Owner",
      email: "real.owner@example.org",
      enrollment: student.collegeId,
    });
    const again = await caught(registrationAction(routeArgs(post("/userProfileRegistration", body))));
    expect(await redirectOf(again)).toMatchObject({ location: "/", toast: { message: "Registration Successful!" } });
  });

  it.each([
    ["an account that does not exist", { intent: "confirm", account: "0".repeat(32) }, 404],
    ["rejecting an account nobody has", { intent: "reject", account: "f".repeat(32) }, 404],
    ["a malformed account key", { intent: "confirm", account: "12; DROP TABLE accounts" }, 400],
    ["no account", { intent: "reject" }, 400],
    ["a button that does not exist", { intent: "delete", account: "0".repeat(32) }, 400],
  ] as const)("refuses %s with a message, never a 500", async (_case, fields, status) => {
    const student = await registered();
    const { cookie } = await signedIn({ member: true });
    const result = await press(fields, cookie);
    expect(statusOf(result)).toBe(status);
    expect(errorsOf(result).join(" ")).toMatch(/That account does not exist \(any more\)\.|Choose Confirm College ID/);
    expect(documentHeaders(headersOf(result)).get("Cache-Control")).toBe("private, no-store");
    expect(await keyOf(student.collegeId)).toBe(student.key);
  });

  it("a member may not confirm their own College ID (409)", async () => {
    const { cookie, collegeId } = await signedIn({ member: true });
    const result = await press({ intent: "confirm", account: await keyOf(collegeId) }, cookie);
    expect(statusOf(result)).toBe(409);
    expect(errorsOf(result)).toEqual(["Another council member must decide about your own account."]);
  });
});

describe("the ID card images", () => {
  it("answers a member with the stored bytes and media type, privately", async () => {
    const student = await registered();
    const { cookie } = await signedIn({ member: true });
    const result = await idCard(`/council/accounts/${student.key}/id-card`, cookie);
    expect(statusOf(result)).toBe(200);
    const response = result as Response;
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(tinyPng)).toBe(true);
  });

  it("answers 404 to anyone else, for an unknown account and for a card deleted after its retention period", async () => {
    const student = await registered();
    const path = `/council/accounts/${student.key}/id-card`;
    const { cookie: studentCookie } = await signedIn({ member: false });
    const { cookie } = await signedIn({ member: true });
    expect(statusOf(await idCard(path))).toBe(404);
    expect(statusOf(await idCard(path, studentCookie))).toBe(404);
    expect(statusOf(await idCard(`/council/accounts/${"0".repeat(32)}/id-card`, cookie))).toBe(404);
    expect(statusOf(await idCard("/council/accounts/..%2F..%2Fetc/id-card", cookie))).toBe(404);
    expect(statusOf(await idCard(`${path}.data`, cookie))).toBe(404);
    await store().database.write((trx) =>
      trx
        .updateTable("accounts")
        .set({ id_card: Buffer.alloc(0), id_card_type: "", id_card_deleted_at: new Date(0).toISOString() })
        .where("uid", "=", student.key)
        .execute(),
    );
    const deleted = await idCard(path, cookie);
    expect(statusOf(deleted)).toBe(404);
    expect(headersOf(deleted).get("Cache-Control")).toBe("private, no-store");
  });
});

describe("This College ID is mine", () => {
  it("a registration refused for a taken College ID says so and offers to tell the council", async () => {
    const holder = await registered();
    const body = registrationForm({
      username: "Priya Verma",
      email: "priya@example.org",
      enrollment: holder.collegeId.toLowerCase(),
    });
    const result = await caught(registrationAction(routeArgs(post("/userProfileRegistration", body))));
    expect(statusOf(result)).toBe(400);
    const reply = dataOf<SubmissionResult<string[]> & { collegeIdTaken?: true }>(result);
    expect(reply.error?.[""]).toEqual(["An account with this Enrollment Number already exists."]);
    expect(reply.collegeIdTaken).toBe(true);
    const html = renderRoute({
      path: "/userProfileRegistration",
      Component: UserProfileRegistration,
      loaderData: registrationLoader(),
      actionData: reply,
    });
    expect(html).toMatch(/<a [^>]*href="\/college-id-claim"[^>]*>Tell the council: This College ID is mine<\/a>/);
  });

  it("the claim form posts multipart, keeps the claim with its ID card, and tells the claimant", async () => {
    const holder = await registered();
    expect(claimLoader()).toBeNull();
    const html = renderRoute({ path: "/college-id-claim", Component: CollegeIdClaim, loaderData: null });
    expect(html).toMatch(/<form [^>]*action="\/college-id-claim" encType="multipart\/form-data" method="post"/);
    for (const label of ["Full Name", "Email", "Enrollment Number", "ID Card"])
      expect(html).toContain(`>${label}</label>`);

    const result = await caught(
      claimAction(
        routeArgs(
          post(
            "/college-id-claim",
            idCardForm({ username: "Priya Verma", email: "priya@example.org", enrollment: holder.collegeId }),
          ),
        ),
      ),
    );
    expect(await redirectOf(result)).toMatchObject({
      status: 302,
      location: "/",
      toast: { message: "We sent your message to the council. They will compare both ID cards and write to you." },
    });
    const claims = await store().accountChecks.openClaims(50);
    expect(claims.ok && claims.value.claims).toEqual([
      expect.objectContaining({
        collegeId: holder.collegeId,
        claimant: { name: "Priya Verma", email: "priya@example.org" },
        account: expect.objectContaining({ key: holder.key }) as object,
      }),
    ]);
    expect((await outboxTo("priya@example.org")).map((mail) => mail.kind)).toEqual(["college-id-claim"]);

    // The member sees both cards side by side.
    const { cookie } = await signedIn({ member: true });
    const claimId = claims.ok ? claims.value.claims[0]!.id : 0;
    const card = await idCard(`/council/accounts/claims/${claimId}/id-card`, cookie);
    expect(statusOf(card)).toBe(200);
    expect(Buffer.from(await (card as Response).arrayBuffer()).equals(tinyPng)).toBe(true);
    expect(statusOf(await idCard(`/council/accounts/claims/${claimId}/id-card`))).toBe(404);
    const page = render(dataOf<PageData>(await visit("/council/accounts", cookie)));
    expect(page).toContain(
      `<img src="/council/accounts/claims/${claimId}/id-card" alt="ID card sent by Priya Verma with the claim"`,
    );
    expect(page).toContain(
      `<img src="/council/accounts/${holder.key}/id-card" alt="ID card sent with the account of ${holder.username}"`,
    );
  });

  it("the page marks every field the schema requires as required, but the consent box, which the schema explains", () => {
    const { consent, ...fields } = getZodConstraint(createCollegeIdClaimSchema(en.forms));
    expect(consent).toEqual({ required: true });
    expect(collegeIdClaimConstraint).toEqual(fields);
  });

  it("refuses a file that is not an image, and a College ID nobody holds, keeping the entries", async () => {
    await registered();
    const notImage = new File(["just text"], "card.png", { type: "image/png" });
    const fields = { username: "Priya Verma", email: "priya@example.org", enrollment: "0187XX999999" };
    const refusedImage = await caught(claimAction(routeArgs(post("/college-id-claim", idCardForm(fields, notImage)))));
    expect(statusOf(refusedImage)).toBe(400);
    expect(errorsOf(refusedImage)).toEqual(["The ID card must be an image (PNG, JPEG, GIF or WebP)."]);
    const nobody = await caught(claimAction(routeArgs(post("/college-id-claim", idCardForm(fields)))));
    expect(statusOf(nobody)).toBe(409);
    expect(errorsOf(nobody)).toEqual(["No account uses this College ID now: you can register with it."]);
    expect(dataOf<SubmissionResult<string[]>>(nobody).initialValue).toMatchObject({ username: "Priya Verma" });
    const claims = await store().accountChecks.openClaims(50);
    expect(claims.ok && claims.value.total).toBe(0);
  });

  it("resolved for the account: the claim closes, the account stays, the claimant is told", async () => {
    const holder = await registered();
    await store().accountChecks.submitClaim({
      enrollment: holder.collegeId,
      username: "Priya Verma",
      email: "priya@example.org",
      idCard: { mediaType: "image/png", bytes: tinyPng },
    });
    const { cookie } = await signedIn({ member: true });
    const [claim] = dataOf<PageData>(await visit("/council/accounts", cookie)).claims.claims;
    const result = await press({ intent: "resolve-claim", claim: String(claim!.id), resolution: "account" }, cookie);
    expect(await redirectOf(result, "/council/accounts")).toMatchObject({
      toast: {
        message: `College ID ${holder.collegeId} stays with its account; the claim of Priya Verma is closed. They were told by e-mail.`,
      },
    });
    expect(await keyOf(holder.collegeId)).toBe(holder.key);
    expect((await outboxTo("priya@example.org")).map((mail) => mail.kind)).toEqual([
      "college-id-claim",
      "college-id-claim-declined",
    ]);
    expect(dataOf<PageData>(await visit("/council/accounts", cookie)).claims.total).toBe(0);
    const again = await press({ intent: "resolve-claim", claim: String(claim!.id), resolution: "claimant" }, cookie);
    expect(statusOf(again)).toBe(409);
    expect(errorsOf(again)).toEqual(["This claim was already resolved."]);
    expect(statusOf(await press({ intent: "resolve-claim", claim: "999999", resolution: "account" }, cookie))).toBe(
      404,
    );
  });

  it("resolved for the claimant, after a confirmation step: the account goes and both are told", async () => {
    const holder = await registered();
    await store().accountChecks.submitClaim({
      enrollment: holder.collegeId,
      username: "Priya Verma",
      email: "priya@example.org",
      idCard: { mediaType: "image/png", bytes: tinyPng },
    });
    const { cookie } = await signedIn({ member: true });
    const [claim] = dataOf<PageData>(await visit("/council/accounts", cookie)).claims.claims;
    const address = `/council/accounts?uphold=${claim!.id}`;
    const asking = dataOf<PageData>(await visit(address, cookie));
    expect(asking.confirmUphold).toBe(claim!.id);
    expect(render(asking, address)).toContain(
      `Give College ID <bdi>${holder.collegeId}</bdi> to <bdi>Priya Verma</bdi>? The account of <bdi>${holder.username}</bdi> is removed`,
    );

    vi.spyOn(log, "info").mockImplementation(() => undefined);
    const result = await press(
      { intent: "resolve-claim", claim: String(claim!.id), resolution: "claimant" },
      cookie,
      address,
    );
    expect(await redirectOf(result, "/council/accounts")).toMatchObject({
      location: "/council/accounts",
      toast: {
        message: `College ID ${holder.collegeId} is now free for Priya Verma: the account of ${holder.username} was removed. Both were told by e-mail.`,
      },
    });
    const left = await store().database.read((trx) =>
      trx.selectFrom("accounts").select("uid").where("uid", "=", holder.key).execute(),
    );
    expect(left).toEqual([]);
    expect((await outboxTo(holder.email)).map((mail) => mail.kind)).toEqual(["account-claimed"]);
    expect((await outboxTo("priya@example.org")).map((mail) => mail.kind)).toEqual([
      "college-id-claim",
      "college-id-claim-upheld",
    ]);
  });
});
