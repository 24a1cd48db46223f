import { beforeEach, describe, expect, it } from "vitest";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { action as registerAction } from "~/routes/sih-registration";
import UserProfile, { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import { identity, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { defaultMailCaps } from "~/server/backend/built-in/mail-caps.server";
import { limitPolicies, limits } from "~/server/requests/limits.server";
import type { TeamRegistration } from "~/types/submissions";
import { sampleTeam } from "../backend/samples";
import { caught, dataOf, get, headersOf, post, proveStudent, redirectOf, renderRoute } from "../support/routes";
import { replyOf, routeArgs, signInNewStudent, statusOf } from "../support/routes";

/**
 * "Tell my team's members" on the profile of a held team's proven leader (docs/decisions/0022), in each language,
 * with the real built-in store of this test file (Request in, Response out): the button only for the account whose
 * confirmed address is the leader's row, the members' notices, a second press, everyone else refused with nothing
 * written, a team whose receipt the cap held back told from the profile, and the account's allowance.
 */

const store = () => usedBuiltInStore()!;

/** Every e-mail queued so far. */
const outbox = () =>
  store().database.read((trx) =>
    trx.selectFrom("outbox").select(["kind", "recipient", "subject"]).orderBy("id").execute(),
  );

/** The team's id and how many of its rows wait for the leader's word. */
async function teamState(teamName: string) {
  const rows = await store().database.read((trx) =>
    trx
      .selectFrom("team_members as m")
      .innerJoin("teams as t", "t.id", "m.team_id")
      .select(["t.id", "m.held"])
      .where("t.team_name", "=", teamName)
      .execute(),
  );
  return { id: rows[0]!.id, held: rows.filter((row) => row.held !== 0).length };
}

/** The words each language says them in: the catalogue's, spelled out. */
const words = {
  en: {
    button: "Tell my team's members",
    waiting: "Your team's members have not heard from us yet.",
    told: "Your team's members have been told: each got an e-mail with their own link.",
    already: "Your team's members were told already: nobody was written to again.",
    leaderOnly:
      "Only the team's leader can tell its members: log in to the account whose confirmed e-mail address is the leader's address in the team.",
    chooseTeam: "Choose your team.",
    tooMany: /^You have sent this form too many times\. Please try again in \d+ minutes?\.$/,
    notice: "You were added to a hackathon team on the Student Council website",
    notTold: "not told about the team yet (we have sent them nothing)",
    linkSent: "not confirmed yet (we sent them a link)",
    receiptHeld:
      "Registration submitted successfully! We could not e-mail you the receipt: your address has had as many e-mails from us today as we send one address. Your team's members have not been told about the team yet. To tell them, log in to an account whose confirmed e-mail address is the one you gave for the leader, and press “Tell my team's members” on your profile. If you cannot, write to the council: they can remove this registration.",
  },
  hi: {
    button: "मेरी टीम के सदस्यों को बताएँ",
    waiting: "आपकी टीम के सदस्यों को हमने अभी कुछ नहीं लिखा है।",
    told: "आपकी टीम के सदस्यों को बता दिया गया है: हर सदस्य को उनके अपने लिंक के साथ ईमेल भेजा गया है।",
    already: "आपकी टीम के सदस्यों को पहले ही बताया जा चुका है: किसी को दोबारा नहीं लिखा गया।",
    leaderOnly:
      "टीम के सदस्यों को सिर्फ़ उसका लीडर बता सकता है: उस अकाउंट से लॉग इन करें जिसका पुष्टि किया हुआ ईमेल पता टीम में लीडर का पता है।",
    chooseTeam: "अपनी टीम चुनें।",
    tooMany: /^आपने यह फ़ॉर्म बहुत बार भेजा है। \d+ मिनट बाद फिर से कोशिश करें।$/,
    notice: "Student Council वेबसाइट पर आपको एक हैकाथॉन टीम में जोड़ा गया है",
    notTold: "अभी टीम के बारे में नहीं बताया गया (हमने उन्हें कुछ नहीं भेजा है)",
    linkSent: "अभी पुष्टि नहीं की (हमने उन्हें लिंक भेजा है)",
    receiptHeld:
      "रजिस्ट्रेशन सफलतापूर्वक भेज दिया गया! हम आपको रसीद ईमेल नहीं कर पाए: आज आपके पते पर हम उतने ईमेल भेज चुके हैं जितने एक पते पर भेजते हैं। आपकी टीम के सदस्यों को अभी टीम के बारे में नहीं बताया गया है। उन्हें बताने के लिए ऐसे अकाउंट से लॉग इन करें जिसका पुष्टि किया हुआ ईमेल पता वही है जो आपने लीडर के लिए दिया था, और अपनी प्रोफ़ाइल पर “मेरी टीम के सदस्यों को बताएँ” दबाएँ। ऐसा न कर सकें तो काउंसिल को लिखें: वे यह रजिस्ट्रेशन हटा सकते हैं।",
  },
} satisfies Record<Locale, unknown>;

let clients = 0;
const client = () => ({ "X-Client-Address": `198.51.100.${(clients += 1) % 250}` });

let students = 0;
/** A student registered and signed in with `email`, their address confirmed through its link when `proven`. */
async function student(email: string, proven: boolean) {
  students += 1;
  const collegeId = `0187TL26${String(students).padStart(4, "0")}`;
  const signedIn = await signInNewStudent(identity, { collegeId, email, username: `Student ${students}` });
  if (proven) await proveStudent(identity, { email });
  return signedIn;
}

let teams = 0;
/** A team of six with addresses of its own, its leader's row `leader` when given. */
function newTeam(leader?: string): TeamRegistration {
  teams += 1;
  const team = sampleTeam(`Profile Team ${teams}`, `profileteam${teams}`);
  if (leader) team.members[0] = { ...team.members[0]!, email: leader };
  return team;
}

/** The team sent through the form on the page in `locale`, signed in when `cookie` is given; its toast. */
async function registerThroughForm(team: TeamRegistration, locale: Locale, cookie?: string) {
  const fields: Record<string, string> = { teamName: team.teamName, category: team.category, consent: "on" };
  for (const [index, member] of team.members.entries()) {
    for (const [name, value] of Object.entries(member) as [string, string][])
      fields[`members[${index}].${name}`] = value;
  }
  const path = localizedPath(locale, "/sih/registration");
  const answer = await caught(registerAction(routeArgs(post(path, fields, { cookie, headers: client() }))));
  return (await redirectOf(answer, path)).toast;
}

type ProfileData = Parameters<typeof UserProfile>[0]["loaderData"];

/** `text` as React writes it into HTML. */
const inHtml = (text: string) => text.replaceAll("'", "&#x27;");

/** The part of the rendered profile about the led team `teamName`: its heading, members and buttons. */
const teamSection = (html: string, teamName: string) =>
  html.split("<div><h3").find((part) => part.includes(`<bdi>${teamName}</bdi>:`)) ?? "";

/** The form holding the "Tell my team's members" button in `html`, if there is one. */
const tellForm = (html: string) =>
  html.match(/<form[^>]*>[\s\S]*?<\/form>/g)?.find((form) => form.includes("tell-members"));

describe.each(locales)(`"Tell my team's members" on the profile, in %s`, (locale: Locale) => {
  const said = words[locale];
  const profilePath = localizedPath(locale, "/userProfile");
  const profile = async (cookie: string) =>
    dataOf<ProfileData>(await caught(profileLoader(routeArgs(get(profilePath, { cookie })))));
  const render = (loaderData: ProfileData, actionData?: unknown) =>
    renderRoute({ path: profilePath, Component: UserProfile, loaderData, actionData, locale });
  const press = (team: number | string, cookie?: string) =>
    caught(
      profileAction(
        routeArgs(post(profilePath, { intent: "tell-members", team: String(team) }, { cookie, headers: client() })),
      ),
    );
  /** What a refused press wrote: nothing, if the outbox and the team's held rows are as they were. */
  const nothingWritten = async (teamName: string, before: { mail: number; held: number }) => {
    expect((await outbox()).length).toBe(before.mail);
    expect((await teamState(teamName)).held).toBe(before.held);
  };

  beforeEach(async () => {
    await limits.reset();
  });

  it("is shown to the proven leader of a held team alone; pressed, it tells the members and says so", async () => {
    const team = newTeam();
    const leader = await student(team.members[0]!.email, true);
    // Sent signed out: held, its members wait for the leader's word.
    await registerThroughForm(team, locale);
    const { id } = await teamState(team.teamName);

    const page = await profile(leader.cookie);
    expect(page.ledTeams.find((led) => led.id === id)?.mayTellMembers).toBe(true);
    const html = teamSection(render(page), team.teamName);
    expect(html).toContain(inHtml(said.waiting));
    // A real form: it works without JavaScript, posting to the profile in the page's language.
    const form = tellForm(html);
    expect(form).toMatch(new RegExp(`^<form[^>]* action="${profilePath}" method="post">`));
    expect(form).toContain(`<input type="hidden" name="team" value="${id}"/>`);
    expect(form).toMatch(
      new RegExp(`<button type="submit" value="tell-members"[^>]*name="intent">${inHtml(said.button)}<`),
    );

    const before = (await outbox()).length;
    const told = await redirectOf(await press(id, leader.cookie), profilePath);
    expect(told).toMatchObject({ status: 302, location: profilePath, toast: { type: "success", message: said.told } });
    const notices = (await outbox()).slice(before);
    expect(notices.map((row) => [row.kind, row.recipient])).toEqual(
      team.members.slice(1).map(({ email }) => ["team-member-notice", email]),
    );
    // In the language of the page the team was registered on.
    expect(new Set(notices.map((row) => row.subject))).toEqual(new Set([said.notice]));
    expect((await teamState(team.teamName)).held).toBe(0);

    const after = teamSection(render(await profile(leader.cookie)), team.teamName);
    expect(tellForm(after)).toBeUndefined();
    expect(after).toContain(`<bdi>Member 2</bdi>: ${said.linkSent}`);
  });

  it("a second press says it was done already, and writes to nobody again", async () => {
    const team = newTeam();
    const leader = await student(team.members[0]!.email, true);
    await registerThroughForm(team, locale);
    const { id } = await teamState(team.teamName);
    expect(statusOf(await press(id, leader.cookie))).toBe(302);
    const before = { mail: (await outbox()).length, held: 0 };

    const again = await press(id, leader.cookie);
    const { status, reply } = replyOf(again);
    expect(status).toBe(409);
    expect(reply.error?.[""]).toEqual([said.already]);
    expect(headersOf(again).get("Cache-Control")).toBe("private, no-store");
    await nothingWritten(team.teamName, before);
    // The page says it beside the team, not as an error page.
    const html = render(await profile(leader.cookie), reply);
    expect(teamSection(html, team.teamName)).toMatch(new RegExp(`role="alert"[^>]*><p>${inHtml(said.already)}</p>`));
  });

  it("a stranger, the unproven leader who sent it, and a signed-out visitor are refused, with nothing written", async () => {
    const team = newTeam();
    // The account that sent the team is the leader's, but its address is not confirmed.
    const unproven = await student(team.members[0]!.email, false);
    await registerThroughForm(team, locale, unproven.cookie);
    const stranger = await student(`stranger.${teams}@example.org`, true);
    // A member of the team, confirmed: a member's address is not the leader's.
    const member = await student(team.members[1]!.email, true);
    const { id, held } = await teamState(team.teamName);
    expect(held).toBe(6);

    const unprovenPage = await profile(unproven.cookie);
    expect(unprovenPage.ledTeams.map((led) => [led.id, led.mayTellMembers])).toEqual([[id, false]]);
    expect(tellForm(render(unprovenPage))).toBeUndefined();
    expect((await profile(stranger.cookie)).ledTeams).toEqual([]);

    const before = { mail: (await outbox()).length, held };
    for (const cookie of [unproven.cookie, stranger.cookie, member.cookie]) {
      const { status, reply } = replyOf(await press(id, cookie));
      expect(status).toBe(403);
      expect(reply.error?.[""]).toEqual([said.leaderOnly]);
    }
    // Signed out, the press is sent to log in, as the profile's other buttons are.
    expect(await redirectOf(await press(id))).toMatchObject({
      status: 302,
      location: localizedPath(locale, "/login"),
    });
    // A team that does not exist is answered the same as one that is not theirs.
    expect(replyOf(await press(id + 1000, stranger.cookie))).toMatchObject({
      status: 403,
      reply: { error: { "": [said.leaderOnly] } },
    });
    await nothingWritten(team.teamName, before);
  });

  it("a garbage team id is refused with the form's message, and nothing is written", async () => {
    const team = newTeam();
    const leader = await student(team.members[0]!.email, true);
    await registerThroughForm(team, locale);
    const { held } = await teamState(team.teamName);
    const before = { mail: (await outbox()).length, held };
    for (const garbage of ["", "abc", "0", "-1", "1e3", "1.5", "0x10", "99999999999", " 1"]) {
      const { status, reply } = replyOf(await press(garbage, leader.cookie));
      expect(status, garbage).toBe(400);
      expect(reply.error?.team, garbage).toEqual([said.chooseTeam]);
    }
    await nothingWritten(team.teamName, before);
  });

  it("a receipt held back by the cap: the leader confirms the address, then tells the members from the profile", async () => {
    const team = newTeam();
    const leaderEmail = team.members[0]!.email;
    const leader = await student(leaderEmail, false);
    // The leader's address had its receipts for the day, from teams of its own.
    for (let run = 0; run < defaultMailCaps.noticesPerAddress; run++) {
      expect((await store().registerTeam(newTeam(leaderEmail))).ok).toBe(true);
    }
    const toast = await registerThroughForm(team, locale, leader.cookie);
    expect(toast).toMatchObject({ type: "success", message: said.receiptHeld });
    const { id } = await teamState(team.teamName);
    expect(
      await store().database.read((trx) =>
        trx.selectFrom("teams").select("leader_token_hash").where("id", "=", id).executeTakeFirstOrThrow(),
      ),
    ).toEqual({ leader_token_hash: null });

    // Not confirmed yet: the profile says the members were sent nothing, and offers no button.
    const waiting = teamSection(render(await profile(leader.cookie)), team.teamName);
    expect(waiting).toContain(`<bdi>Member 2</bdi>: ${said.notTold}`);
    expect(tellForm(waiting)).toBeUndefined();

    await proveStudent(identity, { email: leaderEmail });
    const proven = teamSection(render(await profile(leader.cookie)), team.teamName);
    expect(tellForm(proven)).toContain(`<input type="hidden" name="team" value="${id}"/>`);

    const told = await redirectOf(await press(id, leader.cookie), profilePath);
    expect(told.toast).toMatchObject({ type: "success", message: said.told });
    const notices = (await outbox()).filter(
      (row) => row.kind === "team-member-notice" && team.members.some(({ email }) => email === row.recipient),
    );
    expect(notices.map((row) => row.recipient)).toEqual(team.members.slice(1).map(({ email }) => email));
    const after = teamSection(render(await profile(leader.cookie)), team.teamName);
    expect(after).toContain(`<bdi>Member 2</bdi>: ${said.linkSent}`);
    expect(after).not.toContain(said.notTold);
    expect(tellForm(after)).toBeUndefined();
  });

  it("is limited per account, reserved before the work, like the profile's other buttons", async () => {
    const team = newTeam();
    const leader = await student(team.members[0]!.email, true);
    await registerThroughForm(team, locale);
    const { id } = await teamState(team.teamName);
    const allowed = limitPolicies["tell-members"].points;
    const statuses = [];
    for (let pressNumber = 0; pressNumber < allowed; pressNumber += 1)
      statuses.push(statusOf(await press(id, leader.cookie)));
    expect(statuses).toEqual([302, ...Array<number>(allowed - 1).fill(409)]);
    const over = await press(id, leader.cookie);
    expect(statusOf(over)).toBe(429);
    expect(Number(headersOf(over).get("Retry-After"))).toBeGreaterThan(0);
    expect(replyOf(over).reply.error?.[""]?.[0]).toMatch(said.tooMany);
    // Another account has an allowance of its own.
    const other = await student(`other.${teams}@example.org`, true);
    expect(statusOf(await press(id, other.cookie))).toBe(403);
  });
});
