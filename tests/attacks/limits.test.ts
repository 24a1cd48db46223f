import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { action as profileAction } from "~/routes/user-profile";
import { action as deleteAction } from "~/routes/user-profile-delete";
import { action as registerAction } from "~/routes/sih-registration";
import { action as teamMemberAction } from "~/routes/sih-team-member";
import { action as verifyAction } from "~/routes/verify-email";
import { identity, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limitPolicies, limits } from "~/server/requests/limits.server";
import { sampleTeam } from "../backend/samples";
import {
  caught,
  headersOf,
  proveStudent,
  post,
  replyOf,
  routeArgs,
  signInNewStudent,
  statusOf,
  verificationTokenFor,
} from "../support/routes";

/**
 * A hostel's or a campus's NAT: many students behind one client address, one of them sending garbage. What that
 * garbage does to the others (docs/limits.md): nothing to a valid link, to another student's "Send the link again" or
 * to anyone's logout. The link pages count every press per token, and per client address only the presses whose
 * token was unknown, expired or used. Against the real built-in store of this file; the limits in memory (the
 * counting in a real Redis shared by two replicas: tests/limits-redis.system.test.ts).
 */

/** The one address the whole hostel shares. */
const hostel = { "X-Client-Address": "203.0.113.50" };
const failures = limitPolicies["link-failures"].points;
const perToken = limitPolicies["link-token"].points;

/** A made-up token, shaped like a real one (256 random bits). */
const garbage = () => randomBytes(32).toString("base64url");

let students = 0;
/** A student signed in on their own browser, with the verification link from their inbox. */
async function newStudent(email = `nat.${(students += 1)}@example.org`) {
  const collegeId = `0187NT26${String(students).padStart(4, "0")}`;
  const signedIn = await signInNewStudent(identity, { collegeId, email, username: `Student ${students}` });
  const token = await verificationTokenFor(email);
  if (!token) throw new Error("no verification e-mail was queued");
  return { ...signedIn, email, token };
}

const confirm = (token: string, cookie: string | undefined, path = "/verify-email") =>
  caught(verifyAction(routeArgs(post(path, { token }, { cookie, headers: hostel }))));

/** "This was not me": the one press of a link that works signed out, so garbage from anyone counts through it. */
const notMe = (token: string) =>
  caught(verifyAction(routeArgs(post("/verify-email", { token, intent: "not-me" }, { headers: hostel }))));

const profilePost = (intent: string, cookie?: string, path = "/userProfile") =>
  caught(profileAction(routeArgs(post(path, { intent }, { cookie, headers: hostel }))));

async function verified(credentials: string) {
  const state = await identity.whoIsSignedIn(credentials);
  return state.status === "signed-in" && state.emailVerified === true;
}

beforeEach(async () => {
  await limits.reset();
});

describe("garbage confirmations from one address", () => {
  it("past the failure allowance answer 429; then a genuine confirmation, another's resend and a logout all succeed", async () => {
    const attacker = await newStudent();
    const victim = await newStudent();
    const other = await newStudent();

    const statuses: number[] = [];
    for (let attempt = 0; attempt < failures + 15; attempt += 1) {
      const answer = await confirm(garbage(), attacker.cookie);
      statuses.push(statusOf(answer));
      if (statusOf(answer) === 429) {
        expect(Number(headersOf(answer).get("Retry-After"))).toBeGreaterThan(0);
        expect(replyOf(answer).reply.error?.[""]?.[0]).toMatch(
          /^Too many links that do not work were tried from your network\. Please try again in 10 minutes\.$/,
        );
      }
    }
    expect(statuses.slice(0, failures).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(failures).every((status) => status === 429)).toBe(true);

    // A real link from the same address, the budget long gone: it confirms.
    const genuine = await confirm(victim.token, victim.cookie);
    expect(statusOf(genuine)).toBe(302);
    expect(await verified(victim.credentials)).toBe(true);

    // Another student asks for their link again, and logs out, from the same address (both languages).
    const resent = await profilePost("send-verification", other.cookie);
    expect(statusOf(resent)).toBe(302);
    expect((resent as Response).headers.get("Location")).toBe("/userProfile");
    expect(await verificationTokenFor(other.email)).not.toBe(other.token);
    const loggedOut = await profilePost("logout", other.cookie, "/hi/userProfile");
    expect(statusOf(loggedOut)).toBe(302);
    expect((loggedOut as Response).headers.get("Location")).toBe("/hi");

    // And the garbage stays refused, in Hindi on the Hindi page.
    const hindi = await confirm(garbage(), attacker.cookie, "/hi/verify-email");
    expect(statusOf(hindi)).toBe(429);
    expect(replyOf(hindi).reply.error?.[""]?.[0]).toMatch(/^आपके नेटवर्क से बहुत ज़्यादा ऐसे लिंक आज़माए गए/);
  }, 60_000);

  it("a parallel burst cannot have more failures answered than the allowance, and a valid token among it goes through", async () => {
    const attacker = await newStudent();
    const victims = [await newStudent(), await newStudent()];
    const burst = [
      ...Array.from({ length: 40 }, () => confirm(garbage(), attacker.cookie)),
      confirm(victims[0]!.token, victims[0]!.cookie),
      ...Array.from({ length: 40 }, () => notMe(garbage())),
      confirm(victims[1]!.token, victims[1]!.cookie),
    ];
    const answers = (await Promise.all(burst)).map(statusOf);
    const genuine = [answers[40], answers[81]];
    const refusedGarbage = answers.filter((status, index) => index !== 40 && index !== 81);
    expect(genuine).toEqual([302, 302]);
    expect(refusedGarbage.filter((status) => status !== 429)).toHaveLength(failures);
    expect(refusedGarbage.filter((status) => status !== 429).every((status) => status === 400)).toBe(true);
    for (const victim of victims) expect(await verified(victim.credentials)).toBe(true);
  }, 60_000);

  it("a link already used is a failure like garbage, but never blocks another student's valid link", async () => {
    const first = await newStudent();
    expect(statusOf(await confirm(first.token, first.cookie))).toBe(302);
    for (let press = 0; press < failures; press += 1) expect(statusOf(await notMe(garbage()))).toBe(400);
    // Used: a failure past the allowance.
    expect(statusOf(await confirm(first.token, first.cookie))).toBe(429);
    const second = await newStudent();
    expect(statusOf(await confirm(second.token, second.cookie))).toBe(302);
  }, 60_000);
});

describe("a team member's link behind the same address", () => {
  /** A team registered by its signed-in leader (address confirmed); its members' notices carry their links. */
  async function team() {
    const name = `Nat Team ${(students += 1)}`;
    const entry = sampleTeam(name, `natteam${students}`);
    const leader = await newStudent(entry.members[0]!.email);
    await proveStudent(identity, { email: leader.email });
    const fields: Record<string, string> = { teamName: entry.teamName, category: entry.category, consent: "on" };
    for (const [index, member] of entry.members.entries()) {
      for (const [field, value] of Object.entries(member) as [string, string][])
        fields[`members[${index}].${field}`] = value;
    }
    const registered = await caught(
      registerAction(
        routeArgs(
          post("/sih/registration", fields, { cookie: leader.cookie, headers: { "X-Client-Address": "192.0.2.9" } }),
        ),
      ),
    );
    expect(statusOf(registered)).toBe(302);
    const notices = await usedBuiltInStore()!.database.read((trx) =>
      trx.selectFrom("outbox").select(["recipient", "text_body"]).where("kind", "=", "team-member-notice").execute(),
    );
    return entry.members.slice(1).map((member) => {
      const body = notices.find((notice) => notice.recipient === member.email)?.text_body ?? "";
      const token = /\/sih\/team-member\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
      if (!token) throw new Error(`no notice for ${member.email}`);
      return token;
    });
  }

  const press = (token: string, intent: "confirm" | "remove", headers = hostel) =>
    caught(teamMemberAction(routeArgs(post("/sih/team-member", { token, intent }, { headers }))));

  it("garbage past the allowance answers 429; the member's own Confirm and Remove still work", async () => {
    const [first, second] = await team();
    for (let attempt = 0; attempt < failures; attempt += 1)
      expect(statusOf(await press(garbage(), attempt % 2 ? "confirm" : "remove"))).toBe(404);
    expect(statusOf(await press(garbage(), "confirm"))).toBe(429);
    expect(statusOf(await press(first!, "confirm"))).toBe(302);
    expect(statusOf(await press(second!, "remove"))).toBe(302);
  }, 60_000);

  it("one link pressed over and over waits, from any address; the other members' links do not", async () => {
    const [first, second] = await team();
    for (let pressNumber = 0; pressNumber < perToken; pressNumber += 1) {
      const from = { "X-Client-Address": `198.51.100.${pressNumber + 1}` };
      expect(statusOf(await press(first!, "confirm", from))).toBe(302);
    }
    const over = await press(first!, "confirm", { "X-Client-Address": "198.51.100.200" });
    expect(statusOf(over)).toBe(429);
    expect(replyOf(over).reply.error?.[""]?.[0]).toMatch(/^This link's button was pressed too many times\./);
    expect(statusOf(await press(second!, "confirm"))).toBe(302);
  }, 60_000);
});

describe("logout", () => {
  it("is never answered 429, whatever the address sent before, in both languages", async () => {
    const student = await newStudent();
    const answers = await Promise.all([
      ...Array.from({ length: 150 }, (_, index) => profilePost(index % 2 ? "logout" : "bogus")),
      ...Array.from({ length: 50 }, () => notMe(garbage())),
    ]);
    expect(answers.map(statusOf)).toContain(429);
    expect(answers.slice(0, 150).map(statusOf)).not.toContain(429);
    for (const path of ["/userProfile", "/hi/userProfile"]) {
      const loggedOut = await profilePost("logout", student.cookie, path);
      expect(statusOf(loggedOut), path).toBe(302);
    }
    expect((await identity.whoIsSignedIn(student.credentials)).status).toBe("signed-out");
  }, 60_000);

  it("a student's own resends stay limited per account, three an hour", async () => {
    const student = await newStudent();
    const statuses = [];
    for (let send = 0; send < 4; send += 1)
      statuses.push(statusOf(await profilePost("send-verification", student.cookie)));
    expect(statuses).toEqual([302, 302, 302, 429]);
    // Another account behind the same address has its own three.
    const other = await newStudent();
    expect(statusOf(await profilePost("send-verification", other.cookie))).toBe(302);
  }, 60_000);
});

describe("an account's own actions behind the same address", () => {
  it("a neighbour's wrong confirmations of 'Delete my account' use up their account's allowance, not the address's", async () => {
    const neighbour = await newStudent();
    const student = await newStudent();
    const remove = (cookie: string, collegeId: string) =>
      caught(deleteAction(routeArgs(post("/userProfile/delete", { collegeId }, { cookie, headers: hostel }))));
    const allowance = limitPolicies.account.points;
    for (let attempt = 0; attempt < allowance; attempt += 1)
      expect(statusOf(await remove(neighbour.cookie, "0187XX000000"))).toBe(400);
    const over = await remove(neighbour.cookie, "0187XX000000");
    expect(statusOf(over)).toBe(429);
    expect(replyOf(over).reply.error?.[""]?.[0]).toMatch(/^You have sent this form too many times\./);
    const state = await identity.whoIsSignedIn(student.credentials);
    const collegeId = state.status === "signed-in" ? (state.collegeId ?? "") : "";
    expect(statusOf(await remove(student.cookie, collegeId))).toBe(302);
    expect((await identity.whoIsSignedIn(student.credentials)).status).toBe("signed-out");
  }, 60_000);
});
