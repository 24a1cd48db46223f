import { getZodConstraint } from "@conform-to/zod/v4";
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as privacyLoader } from "~/routes/privacy";
import { loader as profileLoader } from "~/routes/user-profile";
import { loader as downloadLoader } from "~/routes/user-profile-data";
import { createDeleteAccountSchema } from "~/forms/delete-account";
import { en } from "~/i18n/catalogue/en";
import DeleteAccount, { action as deleteAction, loader as deleteLoader } from "~/routes/user-profile-delete";
import { identity, inbox, submissions } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { sampleApplication, sampleTeam, tinyPng } from "../backend/samples";
import { caught, get, post, proveStudent, renderRoute, routeArgs, signInNewStudent } from "../support/routes";

/**
 * Students' data through the pages, with the real built-in store of this test file: the privacy notice, the
 * profile's "What you sent", "Download my data" and "Delete my account" (Request in, Response out).
 */

let students = 0;
/** A registered, signed-in student with an application, an idea and a team membership; and their Cookie header. */
async function signedInStudent() {
  students += 1;
  const collegeId = `0187DP26${String(students).padStart(4, "0")}`;
  const email = `student.${students}@example.org`;
  const { cookie, credentials } = await signInNewStudent(identity, {
    collegeId,
    email,
    username: `Student ${students}`,
  });
  // Proven as a real student would be: the address by the link sent to it, the College ID by the council's check.
  await proveStudent(identity, { email, collegeId });
  expect(await submissions.applyToCouncil({ ...sampleApplication, email, enrollment: collegeId })).toEqual({
    ok: true,
  });
  expect(
    await submissions.shareIdea({
      name: "S",
      enrollment: collegeId,
      college: "TIT",
      title: `Idea of ${collegeId}`,
      description: "d",
      impact: "i",
    }),
  ).toEqual({ ok: true });
  const team = sampleTeam(`Team ${collegeId}`, `m${students}`);
  team.members[2] = { ...team.members[2]!, email };
  expect((await submissions.registerTeam(team)).ok).toBe(true);
  return { collegeId, email, cookie, token: credentials };
}

const getAs = (path: string, cookie?: string) => get(path, { cookie });
const postDelete = (collegeId: string, cookie: string) =>
  post("/userProfile/delete", { collegeId }, { cookie, headers: { "X-Client-Address": `203.0.113.${students}` } });

beforeEach(async () => {
  await limits.reset();
});

describe("the privacy notice", () => {
  it("gives the retention periods as numbers, the grievance contact, and that the site can show and erase the data", () => {
    expect(privacyLoader(routeArgs(get("/privacy")))).toMatchObject({
      contactEmail: "studentcouncil@example.org",
      idCardDays: 90,
      submissionDays: 730,
      accountsOnSite: true,
      entriesOnSite: true,
      lastChanged: expect.stringMatching(/^\d{1,2} \w+ \d{4}$/) as string,
    });
  });
});

describe("the profile's What you sent", () => {
  it("lists the student's application with the council's decision, their team, their idea, and when the ID card goes", async () => {
    const { collegeId, cookie } = await signedInStudent();
    const listed = await inbox!.list({ section: "applications", search: collegeId, page: 1, pageSize: 5 });
    if (!listed.ok) throw new Error("inbox");
    expect(
      (await inbox!.triage({ entryId: listed.value.entries[0]!.id, action: "decline", by: "0187ME220311" })).ok,
    ).toBe(true);

    const result = (await caught(
      profileLoader(routeArgs(getAs("/userProfile", cookie))),
    )) as UNSAFE_DataWithResponseInit<{ sent: unknown }>;
    expect(result.data.sent).toEqual({
      applications: [{ club: sampleApplication.club, receivedAt: expect.any(String) as string, decision: "declined" }],
      teams: [{ teamName: `Team ${collegeId}`, role: "member", receivedAt: expect.any(String) as string }],
      ideas: [{ title: `Idea of ${collegeId}`, receivedAt: expect.any(String) as string }],
      suggestions: [],
      idCard: { status: "kept", deleteOn: expect.any(String) as string },
    });
  });
});

describe("Download my data", () => {
  it("is a JSON attachment named after the College ID with the account, the ID card and what was sent, never a password", async () => {
    const { collegeId, email, cookie } = await signedInStudent();
    const other = await signedInStudent();
    const response = (await caught(downloadLoader(routeArgs(getAs("/userProfile/data", cookie))))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="my-data-${collegeId}.json"`);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const document = JSON.parse(text) as {
      account: unknown;
      idCard: { base64: string };
      applications: unknown[];
      teams: unknown[];
    };
    expect(document.account).toMatchObject({ collegeId, email, username: expect.any(String) as string });
    expect(Buffer.from(document.idCard.base64, "base64").equals(tinyPng)).toBe(true);
    expect(document.applications).toHaveLength(1);
    expect(document.teams).toEqual([
      expect.objectContaining({ member: expect.objectContaining({ email }) as unknown }),
    ]);
    expect(text).not.toMatch(/scrypt|password/i);
    expect(text).not.toContain(other.collegeId);
    expect(text, "the other members of the team are not the student's data").not.toMatch(/m\d+\.member1@example\.org/);
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    const response = (await caught(downloadLoader(routeArgs(getAs("/userProfile/data"))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("Delete my account", () => {
  it("asks a signed-in student to confirm, and sends anyone else to the login page", async () => {
    const { cookie } = await signedInStudent();
    expect(await caught(deleteLoader(routeArgs(getAs("/userProfile/delete", cookie))))).toMatchObject({
      data: { onSite: true },
    });
    const anonymous = (await caught(deleteLoader(routeArgs(getAs("/userProfile/delete"))))) as Response;
    expect(anonymous.headers.get("Location")).toBe("/login");
  });

  it("marks the College ID required, as the schema does, before the schema has loaded", () => {
    expect(getZodConstraint(createDeleteAccountSchema(en.forms))).toEqual({ collegeId: { required: true } });
    const loaderData = { onSite: true, contactEmail: "studentcouncil@example.org" };
    const html = renderRoute({ path: "/userProfile/delete", Component: DeleteAccount, loaderData });
    expect(/<input[^>]*name="collegeId"[^>]*>/.exec(html)?.[0]).toMatch(/\brequired\b/);
  });

  it("changes nothing when the typed College ID is not the student's", async () => {
    const { collegeId, cookie, token } = await signedInStudent();
    const other = await signedInStudent();
    const result = (await caught(
      deleteAction(routeArgs(postDelete(other.collegeId, cookie))),
    )) as UNSAFE_DataWithResponseInit<{ error: Record<string, string[]> }>;
    expect(result.init?.status).toBe(400);
    expect(result.data.error.collegeId).toEqual(["That is not your College ID. Nothing was deleted."]);
    expect((await identity.whoIsSignedIn(token)).status).toBe("signed-in");
    expect(await submissions.students!.sentBy({ accountKey: "-", checkedCollegeId: collegeId })).toMatchObject({
      ok: true,
      value: { applications: [{}] },
    });
  });

  it("erases the account, signs the student out everywhere, erases what they sent, and says so", async () => {
    const { collegeId, email, cookie, token } = await signedInStudent();
    const second = await identity.logIn(collegeId, "09032004");
    if (!second.ok) throw new Error("second login failed");

    const response = (await caught(deleteAction(routeArgs(postDelete(collegeId.toLowerCase(), cookie))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((value) => /^__session=;/.test(value))).toBe(true);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/toast=/);

    expect(await identity.whoIsSignedIn(token)).toEqual({ status: "signed-out" });
    expect(await identity.whoIsSignedIn(second.value), "every session ends").toEqual({ status: "signed-out" });
    expect((await identity.logIn(collegeId, "09032004")).ok).toBe(false);
    expect(
      await submissions.students!.sentBy({ accountKey: "-", checkedCollegeId: collegeId, verifiedEmail: email }),
    ).toEqual({
      ok: true,
      value: { applications: [], teams: [], ideas: [], suggestions: [] },
    });
    const erased = await inbox!.erasures("applications", 50);
    expect(erased).toMatchObject({
      ok: true,
      value: expect.arrayContaining([
        { section: "applications", what: "entry", reason: "student-request", at: expect.any(String) as string },
      ]) as unknown,
    });
  });
});

describe("an account that proved nothing gets nothing of another student's", () => {
  it("registered with a team leader's e-mail in capitals: its download holds no team, and its deletion leaves the team", async () => {
    const team = sampleTeam("Victims United", "victims");
    team.members[0] = {
      ...team.members[0]!,
      name: "Lead Victim",
      email: "lead.victim@college.in",
      phone: "9812345670",
    };
    expect((await submissions.registerTeam(team)).ok).toBe(true);
    const { cookie } = await signInNewStudent(identity, {
      collegeId: "0187AT260001",
      email: "LEAD.VICTIM@college.in",
      username: "Mallory Rao",
    });

    const download = (await caught(downloadLoader(routeArgs(getAs("/userProfile/data", cookie))))) as Response;
    expect(download.status).toBe(200);
    const text = await download.text();
    expect(text).not.toContain("Victims United");
    expect(text).not.toContain("9812345670");
    expect((JSON.parse(text) as { teams: unknown[] }).teams).toEqual([]);

    const deleted = (await caught(
      deleteAction(
        routeArgs(
          post(
            "/userProfile/delete",
            { collegeId: "0187AT260001" },
            { cookie, headers: { "X-Client-Address": "203.0.113.201" } },
          ),
        ),
      ),
    )) as Response;
    expect(deleted.status).toBe(302);
    const teams = await submissions.listTeams();
    expect(teams.ok && teams.value.map((registered) => registered.teamName)).toContain("Victims United");
    const listed = await inbox!.list({ section: "teams", search: "Victims United", page: 1, pageSize: 5 });
    expect(listed.ok && JSON.stringify(listed.value.entries)).toContain("lead.victim@college.in");
  });

  it("registered with an applicant's enrollment number: its download holds no application, and its deletion leaves it", async () => {
    expect(
      await submissions.applyToCouncil({
        ...sampleApplication,
        name: "Real Applicant",
        email: "real.applicant@college.in",
        enrollment: "0187CS229999",
      }),
    ).toEqual({ ok: true });
    const { cookie } = await signInNewStudent(identity, {
      collegeId: "0187CS229999",
      email: "someone.else@example.org",
      username: "Mallory Rao",
    });

    const download = (await caught(downloadLoader(routeArgs(getAs("/userProfile/data", cookie))))) as Response;
    const text = await download.text();
    expect(text).not.toContain("real.applicant@college.in");
    expect((JSON.parse(text) as { applications: unknown[] }).applications).toEqual([]);

    await caught(
      deleteAction(
        routeArgs(
          post(
            "/userProfile/delete",
            { collegeId: "0187CS229999" },
            { cookie, headers: { "X-Client-Address": "203.0.113.202" } },
          ),
        ),
      ),
    );
    const listed = await inbox!.list({ section: "applications", search: "0187CS229999", page: 1, pageSize: 5 });
    expect(listed.ok && listed.value.entries).toHaveLength(1);
  });
});
