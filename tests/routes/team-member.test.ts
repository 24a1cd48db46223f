import { beforeEach, describe, expect, it } from "vitest";
import TeamMember, { action, loader } from "~/routes/sih-team-member";
import AddMember, { action as addAction, loader as addLoader } from "~/routes/sih-team-add-member";
import { action as registerAction } from "~/routes/sih-registration";
import UserProfile, { loader as profileLoader } from "~/routes/user-profile";
import DeleteAccount, { action as deleteAction, loader as deleteLoader } from "~/routes/user-profile-delete";
import { identity, submissions, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { defaultMailCaps } from "~/server/backend/built-in/mail-caps.server";
import { limits } from "~/server/requests/limits.server";
import { sampleTeam } from "../backend/samples";
import { pageHeadersAt } from "../support/page-headers";
import { caught, dataOf, get, headersOf, post } from "../support/routes";
import { redirectOf, renderRoute, replyOf, routeArgs, signInNewStudent, statusOf } from "../support/routes";

/** The headers a page of this route is answered with: its delivery's. */
const headers = (_args?: unknown) => pageHeadersAt("/sih/team-member");

/**
 * A team member's link page, the leader's "Add a member", the profile's team and "Delete my account" naming the
 * team, with the real built-in store of this test file (Request in, Response out). The test environment queues
 * e-mails without sending them.
 */

let clients = 0;
const client = () => ({ "X-Client-Address": `198.51.100.${(clients += 1) % 250}` });

const store = () => usedBuiltInStore()!;

const outbox = () =>
  store().database.read((trx) =>
    trx.selectFrom("outbox").select(["kind", "recipient", "text_body", "attachments"]).orderBy("id").execute(),
  );

const members = (teamName: string) =>
  store().database.read((trx) =>
    trx
      .selectFrom("team_members as m")
      .innerJoin("teams as t", "t.id", "m.team_id")
      .select(["m.name", "m.email", "m.confirmed_at", "t.id as team_id"])
      .where("t.team_name", "=", teamName)
      .orderBy("m.position")
      .execute(),
  );

/** The member's link token, as they find it in their notice. */
async function tokenFor(email: string): Promise<string> {
  const row = (await outbox()).findLast((mail) => mail.kind === "team-member-notice" && mail.recipient === email);
  const token = /\/sih\/team-member\?token=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "")?.[1];
  if (!token) throw new Error(`no notice for ${email}`);
  return token;
}

let teams = 0;
/** A team registered through the form (the leader signed in when `cookie` is given). */
async function registerThroughForm(cookie?: string) {
  teams += 1;
  const team = sampleTeam(`Route Team ${teams}`, `route${teams}`);
  const fields: Record<string, string> = { teamName: team.teamName, category: team.category, consent: "on" };
  for (const [index, member] of team.members.entries()) {
    for (const [name, value] of Object.entries(member) as [string, string][])
      fields[`members[${index}].${name}`] = value;
  }
  const answer = await caught(
    registerAction(routeArgs(post("/sih/registration", fields, { cookie, headers: client() }))),
  );
  expect(statusOf(answer)).toBe(302);
  // Sent by anyone but its proven leader: the members hear of it once the leader's receipt link's button is pressed.
  await tellMembers(team.members[0]!.email);
  return team;
}

/** The leader opens the link in their receipt and presses "Tell my team's members". */
async function tellMembers(leaderEmail: string) {
  const receipt = (await outbox()).findLast((mail) => mail.kind === "team-receipt" && mail.recipient === leaderEmail);
  const token = /\/sih\/team-member\?token=([A-Za-z0-9_-]+)/.exec(receipt?.text_body ?? "")?.[1];
  if (!token) throw new Error(`no link in the receipt to ${leaderEmail}`);
  const page = await loader(routeArgs(get(`/sih/team-member?token=${token}`)));
  expect(dataOf<{ link: { role: string; confirmed: boolean } }>(page).link).toMatchObject({
    role: "leader",
    confirmed: false,
  });
  const told = await caught(
    action(routeArgs(post("/sih/team-member", { token, intent: "tell" }, { headers: client() }))),
  );
  expect(statusOf(told)).toBe(302);
}

type MemberPage = { link: { state: string; teamName?: string; confirmed?: boolean }; hackathon: string };
const openLink = async (token: string) => {
  const result = await loader(routeArgs(get(`/sih/team-member?token=${token}`)));
  return { status: statusOf(result), data: dataOf<MemberPage>(result), headers: headersOf(result) };
};
const press = (token: string, intent: string | undefined) =>
  caught(action(routeArgs(post("/sih/team-member", { token, intent }, { headers: client() }))));

let students = 0;
async function newStudent() {
  students += 1;
  const collegeId = `0187TM26${String(students).padStart(4, "0")}`;
  const signedIn = await signInNewStudent(identity, {
    collegeId,
    email: `leader.${students}@example.org`,
    username: `Leader ${students}`,
  });
  return { ...signedIn, collegeId };
}

beforeEach(async () => {
  await limits.reset();
});

describe("registering a team through the form", () => {
  it("queues the leader's receipt, and once its link's button is pressed a notice to each of the five others, all with the hackathon's calendar file", async () => {
    const team = await registerThroughForm();
    const rows = (await outbox()).filter((row) => team.members.some(({ email }) => email === row.recipient));
    expect(rows.map((row) => row.kind)).toEqual(["team-receipt", ...Array<string>(5).fill("team-member-notice")]);
    for (const row of rows) {
      const [file] = JSON.parse(row.attachments!) as { filename: string; content: string }[];
      expect(file!.filename).toBe("sih-hackathon.ics");
      // data/events.json: 24 April 2027, 09:00 India time, which is 03:30 UTC.
      expect(file!.content).toMatch(/^DTSTART:20270424T033000Z\r?$/m);
    }
  });
});

describe("the team member's link page", () => {
  it("opening the link names the team, its leader and the hackathon, offers both buttons, and changes nothing", async () => {
    const team = await registerThroughForm();
    const token = await tokenFor(team.members[2]!.email);
    for (let opened = 0; opened < 3; opened += 1) {
      const page = await openLink(token);
      expect(page.status).toBe(200);
      expect(page.data.link).toMatchObject({ state: "valid", teamName: team.teamName, confirmed: false });
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    }
    expect((await members(team.teamName)).every((row) => row.confirmed_at === null)).toBe(true);
    expect(await members(team.teamName)).toHaveLength(6);

    const html = renderRoute(
      { path: "/sih/team-member", Component: TeamMember, loaderData: (await openLink(token)).data },
      `/sih/team-member?token=${token}`,
    );
    expect(html).toContain(`<bdi>Member 1</bdi> registered the team <strong><bdi>${team.teamName}</bdi></strong>`);
    expect(html).toContain("SIH 2025 Internal Hackathon");
    const button = (label: string) => new RegExp(`<button type="submit"[^>]*>${label}</button>`).exec(html)?.[0];
    expect(button("Yes, I am in this team")).toMatch(/value="confirm"[^>]*name="intent"/);
    expect(button("Remove me from this team")).toMatch(/value="remove"[^>]*name="intent"/);
    expect(html).toContain("Removing yourself erases your name, e-mail address and phone number from the team");
    // The token goes in the body of a POST, never into the address a form posts to.
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(2);
    for (const form of forms) expect(form).toMatch(/action="\/sih\/team-member" method="post"/);
    expect(html.match(new RegExp(`<input type="hidden" name="token" value="${token}"/>`, "g"))).toHaveLength(2);
  });

  it("is never cached and never sends its address on as a referrer", () => {
    const answered = headers({ actionHeaders: new Headers() });
    expect(answered.get("Cache-Control")).toBe("private, no-store");
    expect(answered.get("Referrer-Policy")).toBe("same-origin");
  });

  it("'Yes, I am in this team' confirms once; pressing it again says so", async () => {
    const team = await registerThroughForm();
    const token = await tokenFor(team.members[1]!.email);
    const confirmed = await redirectOf(await press(token, "confirm"), "/sih/team-member");
    expect(confirmed).toMatchObject({
      status: 302,
      location: `/sih/team-member?token=${token}`,
      toast: { message: `Thank you: you confirmed that you are in the team ${team.teamName}.` },
    });
    expect((await members(team.teamName))[1]!.confirmed_at).not.toBeNull();
    expect((await openLink(token)).data.link).toMatchObject({ state: "valid", confirmed: true });
    const again = await redirectOf(await press(token, "confirm"), "/sih/team-member");
    expect(again.toast).toMatchObject({ message: "You already confirmed." });
  });

  it("'Remove me' erases only that member and their notice, tells the leader, and the link is then unknown", async () => {
    const team = await registerThroughForm();
    const leaving = team.members[3]!;
    const token = await tokenFor(leaving.email);
    const removed = await redirectOf(await press(token, "remove"), "/sih/team-member");
    expect(removed).toMatchObject({
      status: 302,
      location: "/sih/team-member?removed",
      toast: {
        message: `You were removed from the team ${team.teamName}, and your details with you. Its leader has been told by e-mail.`,
      },
    });
    const after = await loader(routeArgs(get("/sih/team-member?removed")));
    expect(statusOf(after)).toBe(200);
    expect(dataOf<MemberPage>(after).link.state).toBe("removed");

    const left = await members(team.teamName);
    expect(left).toHaveLength(5);
    expect(left.some((row) => row.email === leaving.email)).toBe(false);
    const rows = await outbox();
    expect(rows.some((row) => row.recipient === leaving.email)).toBe(false);
    const told = rows.filter((row) => row.kind === "team-member-removed" && row.recipient === team.members[0]!.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain(
      `Member 4 removed themselves from ${team.teamName}; the team now has 5 of 6 members; add a member from your profile.`,
    );

    // The link was that member's alone: used again, it is unknown.
    const reopened = await openLink(token);
    expect(reopened.status).toBe(404);
    expect(reopened.data.link.state).toBe("unknown");
    const pressedAgain = replyOf(await press(token, "remove"));
    expect(pressedAgain.status).toBe(404);
    expect(pressedAgain.reply.error?.[""]?.[0]).toMatch(/^This link is not valid\./);
    expect(await members(team.teamName)).toHaveLength(5);
  });

  it("a made-up, cut or missing token, or a button that does not exist, is refused with a 4xx and a clear message", async () => {
    for (const address of [
      "/sih/team-member",
      "/sih/team-member?token=",
      `/sih/team-member?token=${"x".repeat(500)}`,
    ]) {
      const opened = await loader(routeArgs(get(address)));
      expect(statusOf(opened), address).toBe(404);
      expect(dataOf<MemberPage>(opened).link.state).toBe("unknown");
    }
    const html = renderRoute({
      path: "/sih/team-member",
      Component: TeamMember,
      loaderData: { link: { state: "unknown" }, hackathon: "SIH 2025 Internal Hackathon" },
    });
    expect(html).toContain("This link is not valid.");
    expect(html).not.toContain("<form");

    const madeUp = replyOf(await press("abc", "confirm"));
    expect(madeUp.status).toBe(404);
    const noIntent = replyOf(await press("abc", undefined));
    expect(noIntent.status).toBe(400);
    expect(noIntent.reply.error?.intent).toEqual(["Choose one of the two buttons."]);
    const wrongIntent = replyOf(await press("abc", "delete-everyone"));
    expect(wrongIntent.status).toBe(400);
    const noToken = replyOf(
      await caught(action(routeArgs(post("/sih/team-member", { intent: "remove" }, { headers: client() })))),
    );
    expect(noToken.status).toBe(400);
    expect(noToken.reply.error?.token).toEqual(["This link is not complete. Open the link from the e-mail again."]);
  });
});

describe("a team whose receipt the cap held back", () => {
  it("the page says the receipt was not e-mailed and the members were not told; the profile says they were sent nothing", async () => {
    const leader = await newStudent();
    teams += 1;
    const team = sampleTeam(`Route Team ${teams}`, `route${teams}`);
    // The leader's address had its receipts for the day, from teams of its own.
    for (let run = 0; run < defaultMailCaps.noticesPerAddress; run++) {
      const earlier = sampleTeam(`Earlier ${teams} ${run}`, `earlier${teams}x${run}`);
      earlier.members[0] = { ...earlier.members[0]!, email: team.members[0]!.email };
      expect((await store().registerTeam(earlier)).ok).toBe(true);
    }
    const fields: Record<string, string> = { teamName: team.teamName, category: team.category, consent: "on" };
    for (const [index, member] of team.members.entries()) {
      for (const [name, value] of Object.entries(member) as [string, string][])
        fields[`members[${index}].${name}`] = value;
    }
    const answer = await caught(
      registerAction(routeArgs(post("/sih/registration", fields, { cookie: leader.cookie, headers: client() }))),
    );
    expect((await redirectOf(answer, "/sih/registration")).toast).toMatchObject({
      type: "success",
      message:
        "Registration submitted successfully! We could not e-mail you the receipt: your address has had as many e-mails from us today as we send one address. Your team's members have not been told about the team yet. To tell them, log in to an account whose confirmed e-mail address is the one you gave for the leader, and press “Tell my team's members” on your profile. If you cannot, write to the council: they can remove this registration.",
    });
    const receipts = (await outbox()).filter(
      (mail) => mail.kind === "team-receipt" && mail.recipient === team.members[0]!.email,
    );
    expect(receipts).toHaveLength(defaultMailCaps.noticesPerAddress);

    const profile = dataOf<Parameters<typeof UserProfile>[0]["loaderData"]>(
      await caught(profileLoader(routeArgs(get("/userProfile", { cookie: leader.cookie })))),
    );
    const html = renderRoute({ path: "/userProfile", Component: UserProfile, loaderData: profile });
    expect(html).toContain("<bdi>Member 2</bdi>: not told about the team yet (we have sent them nothing)");
    expect(html).not.toContain("we sent them a link");
  });
});

describe("the leader's profile and 'Add a member'", () => {
  const newcomer = {
    name: "Neha Joshi",
    phone: "9876501234",
    gender: "female",
    institution: "TIT Bhopal",
    skills: "Figma",
  };

  it("the leader sees the team incomplete, adds a member, and sees it complete again", async () => {
    const leader = await newStudent();
    const team = await registerThroughForm(leader.cookie);
    expect(await redirectOf(await press(await tokenFor(team.members[5]!.email), "remove"))).toMatchObject({
      status: 302,
    });
    const teamId = (await members(team.teamName))[0]!.team_id;

    const profile = dataOf<Parameters<typeof UserProfile>[0]["loaderData"]>(
      await caught(profileLoader(routeArgs(get("/userProfile", { cookie: leader.cookie })))),
    );
    expect(profile.ledTeams).toEqual([
      {
        id: teamId,
        teamName: team.teamName,
        // Its members were told through the receipt's link: nobody waits for the leader's word.
        mayTellMembers: false,
        members: [
          { name: "Member 1", role: "leader", confirmed: true, told: true },
          ...[2, 3, 4, 5].map((n) => ({ name: `Member ${n}`, role: "member", confirmed: false, told: true })),
        ],
      },
    ]);
    const profileHtml = renderRoute({ path: "/userProfile", Component: UserProfile, loaderData: profile });
    expect(profileHtml).toContain("Incomplete: 5 of 6 members");
    expect(profileHtml).toMatch(
      new RegExp(`<a [^>]*href="/sih/team/add-member\\?team=${teamId}"[^>]*>Add a member</a>`),
    );
    expect(profileHtml).toContain("<bdi>Member 2</bdi>: not confirmed yet");

    const page = await addLoader(routeArgs(get(`/sih/team/add-member?team=${teamId}`, { cookie: leader.cookie })));
    expect(statusOf(page)).toBe(200);
    const pageHtml = renderRoute({
      path: "/sih/team/add-member",
      Component: AddMember,
      loaderData: dataOf(page),
    });
    const form = /<form[^>]*>/.exec(pageHtml)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/sih/team/add-member?team=${teamId}"`);
    expect(pageHtml).toContain('name="email"');

    const refused = replyOf(
      await caught(
        addAction(
          routeArgs(
            post(
              "/sih/team/add-member",
              { ...newcomer, team: String(teamId), email: "not-an-address", phone: "12" },
              { cookie: leader.cookie, headers: client() },
            ),
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.reply.error?.email).toEqual(["Enter a valid email address."]);
    expect(refused.reply.error?.phone).toEqual(["Phone number must be 10 digits."]);

    const taken = replyOf(
      await caught(
        addAction(
          routeArgs(
            post(
              "/sih/team/add-member",
              { ...newcomer, team: String(teamId), email: team.members[1]!.email },
              { cookie: leader.cookie, headers: client() },
            ),
          ),
        ),
      ),
    );
    expect(taken.status).toBe(409);
    expect(taken.reply.error?.[""]).toEqual([`${team.members[1]!.email} is already in this team.`]);

    const added = await redirectOf(
      await caught(
        addAction(
          routeArgs(
            post(
              "/sih/team/add-member",
              { ...newcomer, team: String(teamId), email: `neha.${teamId}@example.org` },
              { cookie: leader.cookie, headers: client() },
            ),
          ),
        ),
      ),
      "/userProfile",
    );
    // The leader's address is not confirmed: the newcomer waits, and hears once the receipt's button is pressed.
    expect(added).toMatchObject({
      status: 302,
      location: "/userProfile",
      toast: {
        message:
          "The member was added: your team has 6 of 6 members. We write to them once you press “Tell my team's members” on the link in your team's receipt.",
      },
    });
    await expect(tokenFor(`neha.${teamId}@example.org`)).rejects.toThrow(/no notice/);
    await tellMembers(team.members[0]!.email);
    expect((await openLink(await tokenFor(`neha.${teamId}@example.org`))).data.link).toMatchObject({
      state: "valid",
      teamName: team.teamName,
    });
    const complete = dataOf<Parameters<typeof UserProfile>[0]["loaderData"]>(
      await caught(profileLoader(routeArgs(get("/userProfile", { cookie: leader.cookie })))),
    );
    const completeHtml = renderRoute({ path: "/userProfile", Component: UserProfile, loaderData: complete });
    expect(completeHtml).toContain("Complete: 6 of 6 members");
    expect(completeHtml).not.toContain("Add a member");

    // Full now: the page says so, and a post is refused.
    const full = await addLoader(routeArgs(get(`/sih/team/add-member?team=${teamId}`, { cookie: leader.cookie })));
    expect(statusOf(full)).toBe(409);
  });

  it("another signed-in student gets 404, a visitor is sent to /login", async () => {
    const leader = await newStudent();
    const team = await registerThroughForm(leader.cookie);
    await press(await tokenFor(team.members[1]!.email), "remove");
    const teamId = (await members(team.teamName))[0]!.team_id;
    const other = await newStudent();

    const visitor = await redirectOf(await caught(addLoader(routeArgs(get(`/sih/team/add-member?team=${teamId}`)))));
    expect(visitor.location).toBe("/login");
    const visitorPost = await redirectOf(
      await caught(
        addAction(
          routeArgs(
            post(
              "/sih/team/add-member",
              { ...newcomer, team: String(teamId), email: "x@example.org" },
              { headers: client() },
            ),
          ),
        ),
      ),
    );
    expect(visitorPost.location).toBe("/login");

    const page = await addLoader(routeArgs(get(`/sih/team/add-member?team=${teamId}`, { cookie: other.cookie })));
    expect(statusOf(page)).toBe(404);
    const posted = replyOf(
      await caught(
        addAction(
          routeArgs(
            post(
              "/sih/team/add-member",
              { ...newcomer, team: String(teamId), email: "intruder@example.org" },
              { cookie: other.cookie, headers: client() },
            ),
          ),
        ),
      ),
    );
    expect(posted.status).toBe(404);
    expect(posted.reply.error?.[""]).toEqual(["This is not a team you lead, or it no longer exists."]);
    expect(await members(team.teamName)).toHaveLength(5);
    const odd = await addLoader(routeArgs(get("/sih/team/add-member?team=abc", { cookie: leader.cookie })));
    expect(statusOf(odd)).toBe(404);
  });
});

describe("a leader deleting their account", () => {
  it("is told the team goes with its members, who are e-mailed once it is erased", async () => {
    const leader = await newStudent();
    const team = await registerThroughForm(leader.cookie);
    const page = dataOf<{ teams: unknown[]; membersTold: boolean }>(
      await caught(deleteLoader(routeArgs(get("/userProfile/delete", { cookie: leader.cookie })))),
    );
    const html = renderRoute({ path: "/userProfile/delete", Component: DeleteAccount, loaderData: page });
    expect(html).toContain(
      `Your team ${team.teamName} will be removed, with its members: Member 2, Member 3, Member 4, Member 5, Member 6. They will be told by e-mail.`,
    );

    const erased = await caught(
      deleteAction(
        routeArgs(
          post("/userProfile/delete", { collegeId: leader.collegeId }, { cookie: leader.cookie, headers: client() }),
        ),
      ),
    );
    expect(statusOf(erased)).toBe(302);
    expect(await members(team.teamName)).toEqual([]);
    const told = (await outbox()).filter((row) => row.kind === "team-disbanded");
    expect(told.map((row) => row.recipient).sort()).toEqual(
      team.members
        .slice(1)
        .map(({ email }) => email)
        .sort(),
    );
    expect(await submissions.teamMembers!.ledBy({ accountKey: "nobody" })).toEqual({ ok: true, value: [] });
  });
});
