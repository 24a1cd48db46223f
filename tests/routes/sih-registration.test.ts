import { readFileSync } from "node:fs";
import type { SubmissionResult } from "@conform-to/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { readableIndianTime } from "~/time/india-time";
import SihRegistration, { action, loader } from "~/routes/sih-registration";
import { events } from "~/content/content.server";
import { headersOf, post as postTo, renderRoute, replyOf, routeArgs, toastAfter } from "../support/routes";
import type { TeamMember } from "~/types/submissions";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

let backend: Awaited<typeof fake>;
beforeEach(() => {
  backend = fake;
  backend.reset();
  // A day inside the registration window of the tests' content (CONTENT_DIR, tests/support/test-content.ts).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(opensAt + dayMs);
});
afterEach(() => {
  vi.useRealTimers();
});

const path = "/sih/registration";

const dayMs = 24 * 60 * 60 * 1000;
const window = events.hackathon.registration;
const opensAt = Date.parse(window.opens);

type Entries = [string, string][];

/** The form sent from the page in `locale` (/sih/registration or /hi/sih/registration). */
const post = (entries: Entries, locale: Locale = "en") =>
  action(routeArgs(postTo(localizedPath(locale, path), entries)));

/** The form's messages in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const messages = {
  en: {
    tooMany: "Maximum 6 members allowed per team!",
    oneLeader: "Only one leader allowed per team!",
    exactlySix: "Team must have exactly 6 members!",
    female: "At least one female member is required!",
    leaderStays: "The team leader (Member 1) cannot be removed.",
    teamName: "Enter the team name.",
    mixedScripts: "Use the letters of one alphabet in each word of the team name.",
    category: "Choose a category.",
    consent: "Please confirm that the members agreed to share their details.",
    member: {
      name: "Enter the member's name.",
      email: "Enter the member's email.",
      phone: "Enter the member's phone number.",
      gender: "Choose the member's gender.",
      institution: "Enter the member's institution.",
    },
    invalidEmail: "Enter a valid email address.",
    invalidPhone: "Phone number must be 10 digits.",
    sent: "Registration submitted successfully!",
    unavailable: "An error occurred. Please try again.",
  },
  hi: {
    tooMany: "एक टीम में ज़्यादा से ज़्यादा 6 सदस्य हो सकते हैं!",
    oneLeader: "एक टीम में सिर्फ़ एक लीडर हो सकता है!",
    exactlySix: "टीम में ठीक 6 सदस्य होने चाहिए!",
    female: "कम से कम एक महिला सदस्य ज़रूरी है!",
    leaderStays: "टीम लीडर (सदस्य 1) को हटाया नहीं जा सकता।",
    teamName: "टीम का नाम लिखें।",
    mixedScripts: "टीम के नाम के हर शब्द में एक ही लिपि के अक्षर इस्तेमाल करें।",
    category: "एक कैटेगरी चुनें।",
    consent: "पक्का करें कि सदस्य अपनी जानकारी देने के लिए सहमत हैं।",
    member: {
      name: "सदस्य का नाम लिखें।",
      email: "सदस्य का ईमेल लिखें।",
      phone: "सदस्य का फ़ोन नंबर लिखें।",
      gender: "सदस्य का लिंग चुनें।",
      institution: "सदस्य का संस्थान लिखें।",
    },
    invalidEmail: "सही ईमेल पता लिखें।",
    invalidPhone: "फ़ोन नंबर 10 अंकों का होना चाहिए।",
    sent: "रजिस्ट्रेशन सफलतापूर्वक भेज दिया गया!",
    unavailable: "कुछ गड़बड़ हो गई। फिर से कोशिश करें।",
  },
};

/** A member's fields as the form posts them: every one a string, valid or not. */
type Member = Record<keyof TeamMember, string>;

function member(number: number, overrides: Partial<Member> = {}): Member {
  return {
    name: `Member ${number}`,
    email: `member${number}@example.org`,
    phone: `98765432${String(number).padStart(2, "0")}`,
    gender: number === 2 ? "female" : "male",
    institution: "Institute of Technology, Bhopal",
    skills: number === 1 ? "React, pitching" : "",
    role: number === 1 ? "leader" : "member",
    ...overrides,
  };
}

function memberEntries(members: Partial<Member>[]): Entries {
  return members.flatMap((row, index) =>
    Object.entries(row).map(([key, value]): [string, string] => [`members[${index}].${key}`, value ?? ""]),
  );
}

function teamEntries(
  members: Partial<Member>[],
  team: Partial<Record<"teamName" | "category" | "description", string>> = {},
): Entries {
  return [
    ["teamName", team.teamName ?? "Byte Busters"],
    ["category", team.category ?? "coding"],
    ["description", team.description ?? "A campus lost-and-found app.\nBuilt with maps."],
    ["website", ""],
    ...memberEntries(members),
    ["consent", "on"],
  ];
}

const withoutConsent = (entries: Entries): Entries => entries.filter(([name]) => name !== "consent");

const sixMembers = () => [1, 2, 3, 4, 5, 6].map((number) => member(number));

const insertIntent = JSON.stringify({ type: "insert", payload: { name: "members", defaultValue: { role: "member" } } });
const removeIntent = (index: number) => JSON.stringify({ type: "remove", payload: { name: "members", index } });

function membersOf(reply: SubmissionResult<string[]>): (Record<string, unknown> | undefined)[] {
  const members = (reply.initialValue as { members?: (Record<string, unknown> | undefined)[] } | null | undefined)
    ?.members;
  return members ?? [];
}

type PageData = Awaited<ReturnType<typeof loader>>;
const openWindow: PageData["registration"] = { state: "open", text: "Registration open until 31 Mar 2027, 23:59 IST" };

function renderPage(
  { teams, registration = openWindow }: Omit<PageData, "registration"> & { registration?: PageData["registration"] },
  actionData?: SubmissionResult<string[]>,
  locale: Locale = "en",
): string {
  const loaderData: PageData = { teams, registration };
  return renderRoute({ path: localizedPath(locale, path), Component: SihRegistration, loaderData, actionData, locale });
}

describe("registered teams list", () => {
  it("the loader lists the teams the backend registered", async () => {
    backend.answers.listTeams = {
      ok: true,
      value: [
        { _id: "t1", teamName: "Byte Busters", category: "coding" },
        { _id: "t2", teamName: "Pixel Pals", category: "design" },
      ],
    };
    const { teams } = await loader(routeArgs(new Request("http://localhost/sih/registration")));
    expect(teams).toEqual([
      { _id: "t1", teamName: "Byte Busters", category: "coding" },
      { _id: "t2", teamName: "Pixel Pals", category: "design" },
    ]);
    const html = renderPage({ teams });
    expect(html).toContain("Byte Busters");
    expect(html).toContain("Pixel Pals");
    expect(html).toContain(">Design<");
  });

  it("says clearly that the list could not be loaded when the backend fails, and still shows the form", async () => {
    backend.answers.listTeams = { ok: false, reason: "unavailable" };
    const { teams } = await loader(routeArgs(new Request("http://localhost/sih/registration")));
    expect(teams).toBeNull();
    const html = renderPage({ teams });
    expect(html).toContain("could not be loaded");
    expect(html).toContain("Register Team");
  });
});

describe("the team form as the server renders it", () => {
  const pageWords = {
    en: {
      shown: [
        "Team details",
        "Team members",
        "1 of 6 members · one leader · at least one female member",
        "Member 1 (Leader)",
        '<option value="coding">Coding</option>',
        ">Add Member</button>",
        "Registered Teams",
      ],
      labels: ["Team Name", "Category", "Name", "Phone", "Skills"],
    },
    hi: {
      shown: [
        "टीम की जानकारी",
        "टीम के सदस्य",
        "6 में से 1 सदस्य · एक लीडर · कम से कम एक महिला सदस्य",
        "सदस्य 1 (लीडर)",
        '<option value="coding">कोडिंग (Coding)</option>',
        ">सदस्य जोड़ें</button>",
        "रजिस्टर हुई टीमें",
      ],
      labels: ["टीम का नाम", "कैटेगरी (Category)", "नाम", "फ़ोन", "कौशल (Skills)"],
    },
  };

  it.each(locales)("shows the form's headings, labels and buttons in %s", (locale) => {
    const html = renderPage({ teams: [{ _id: "1", teamName: "Byte Busters", category: "coding" }] }, undefined, locale);
    for (const shown of pageWords[locale].shown) expect(html).toContain(shown);
    for (const label of pageWords[locale].labels)
      expect(html).toMatch(new RegExp(`>${label.replace(/[()]/g, "\\$&")}</label>`));
  });

  it("starts with one leader row that has no Remove button, an Add Member button and every specified member field", () => {
    const html = renderPage({ teams: [] });
    expect(html).toContain("Member 1 (Leader)");
    expect(html).not.toContain("Member 2");
    expect(html).not.toMatch(/aria-label="Remove/);
    expect(html).toContain(">Add Member</button>");
    for (const label of [
      "Team Name",
      "Category",
      "Description",
      "Name",
      "Email",
      "Phone",
      "Gender",
      "Institution",
      "Skills",
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
    for (const category of ["Coding", "Design", "Innovation", "Business"]) {
      expect(html).toContain(`value="${category.toLowerCase()}">${category}</option>`);
    }
    expect(html).toContain('name="members[0].role" value="leader"');
    expect(html).toContain('name="website"');
    expect(html).toContain('href="/sih"');
  });

  it("after an Add Member without JavaScript shows the new row, with the entries kept", async () => {
    const { reply } = replyOf(
      await post([...teamEntries([member(1)], { teamName: "Kept Name" }), ["__intent__", insertIntent]]),
    );
    const html = renderPage({ teams: [] }, reply);
    expect(html).toContain("Member 2");
    expect(html).toContain('aria-label="Remove Member 2"');
    expect(html).toContain('value="Kept Name"');
    expect(html).toContain('value="member1@example.org"');
    // Team rules are not shown for a mere Add Member.
    expect(html).not.toContain("Team must have exactly 6 members!");
  });

  it("without JavaScript, Add Member and Remove answer at the row being worked on, which has a heading", async () => {
    const buttonNamed = (html: string, text: string) =>
      new RegExp(`<button[^>]*>${text}</button>|<button[^>]*aria-label="${text}"[^>]*>`).exec(html)?.[0] ?? "";
    // The page is a screen or more long on a phone: the answer opens at the new row, not at the top.
    const first = renderPage({ teams: [] });
    expect(buttonNamed(first, "Add Member")).toContain('formAction="/sih/registration#member-2"');
    expect(first).toMatch(/<fieldset id="member-1"[^>]*><legend[^>]*><h3[^>]*>Member 1 \(Leader\)<\/h3><\/legend>/);

    const { reply } = replyOf(await post([...teamEntries([member(1), member(2)]), ["__intent__", insertIntent]]));
    const html = renderPage({ teams: [] }, reply);
    expect(html).toMatch(/<fieldset id="member-3"[^>]*><legend[^>]*><h3[^>]*>Member 3<\/h3><\/legend>/);
    expect(buttonNamed(html, "Add Member")).toContain('formAction="/sih/registration#member-4"');
    // A removed row's place is taken by the next one: the answer opens at the row above it.
    expect(buttonNamed(html, "Remove Member 3")).toContain('formAction="/sih/registration#member-2"');
  });

  it("the button Enter clicks comes first and sends the team, with no text for a text browser to show before the fields", () => {
    const html = renderPage({ teams: [] });
    const form = html.slice(html.indexOf("<form"));
    const firstButton = /<button[^>]*>(.*?)<\/button>/.exec(form);
    expect(firstButton?.[0]).toMatch(/type="submit"/);
    expect(firstButton?.[0]).not.toMatch(/name=|formAction=/);
    expect(firstButton?.[1]).toBe("");
    expect(form.indexOf(firstButton![0])).toBeLessThan(form.indexOf('name="teamName"'));
    // What a reader meets as "Register Team" is the one button at the end of the form.
    expect(form.match(/Register Team/g)).toHaveLength(1);
    expect(form.indexOf(">Register Team</button>")).toBeGreaterThan(form.indexOf('name="consent"'));
  });

  it("hides Add Member once the team has six rows", async () => {
    const { reply } = replyOf(await post([...teamEntries(sixMembers().slice(0, 5)), ["__intent__", insertIntent]]));
    expect(membersOf(reply)).toHaveLength(6);
    const html = renderPage({ teams: [] }, reply);
    expect(html).toContain("Member 6");
    expect(html).not.toContain(">Add Member</button>");
  });

  it("shows a team rule as an alert above the member list after a submit", async () => {
    const { reply } = replyOf(await post(teamEntries(sixMembers().slice(0, 5))));
    const html = renderPage({ teams: [] }, reply);
    expect(html).toMatch(/role="alert"[^>]*><p>Team must have exactly 6 members!<\/p>/);
  });
});

describe("adding and removing members without JavaScript", () => {
  it("Add Member adds an empty member row and keeps every entry", async () => {
    const { status, reply } = replyOf(
      await post([...teamEntries([member(1), member(2)]), ["__intent__", insertIntent]]),
    );
    expect(status).toBe(200);
    expect(reply.status).toBeUndefined();
    expect(reply.initialValue).toMatchObject({ teamName: "Byte Busters", category: "coding" });
    const rows = membersOf(reply);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ name: "Member 1", email: "member1@example.org", role: "leader" });
    expect(rows[1]).toMatchObject({ name: "Member 2", gender: "female" });
    expect(rows[2]).toEqual({ role: "member" });
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it.each(locales)(
    "in %s a 7th Add Member is refused with the six members' rule and the rows stay at 6",
    async (locale) => {
      const { status, reply } = replyOf(
        await post([...teamEntries(sixMembers()), ["__intent__", insertIntent]], locale),
      );
      expect(status).toBe(400);
      expect(reply.error?.members).toEqual([messages[locale].tooMany]);
      expect(membersOf(reply)).toHaveLength(6);
      expect(membersOf(reply)[5]).toMatchObject({ name: "Member 6" });
      expect(backend.calls.registerTeam).toHaveLength(0);
    },
  );

  it.each(locales)("in %s refuses to remove the first row (the leader)", async (locale) => {
    const { status, reply } = replyOf(
      await post([...teamEntries([member(1), member(2)]), ["__intent__", removeIntent(0)]], locale),
    );
    expect(status).toBe(400);
    expect(reply.error?.members).toEqual([messages[locale].leaderStays]);
    expect(membersOf(reply).map((row) => row?.name)).toEqual(["Member 1", "Member 2"]);
  });

  it("Remove on row 3 removes that member and keeps the others", async () => {
    const { status, reply } = replyOf(
      await post([...teamEntries([member(1), member(2), member(3), member(4)]), ["__intent__", removeIntent(2)]]),
    );
    expect(status).toBe(200);
    expect(membersOf(reply).map((row) => row?.name)).toEqual(["Member 1", "Member 2", "Member 4"]);
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("a hand-made insert cannot put a row above the leader: refused with the leader's message, rows unchanged", async () => {
    const sneaky = JSON.stringify({
      type: "insert",
      payload: { name: "members", index: 0, defaultValue: { role: "leader" } },
    });
    const { status, reply } = replyOf(await post([...teamEntries([member(1)]), ["__intent__", sneaky]]));
    expect(status).toBe(400);
    expect(reply.error?.members).toEqual(["The team leader (Member 1) cannot be removed."]);
    expect(membersOf(reply).map((row) => row?.name)).toEqual(["Member 1"]);
  });

  it("an inserted row is a member whatever default value the request carried", async () => {
    const sneaky = JSON.stringify({
      type: "insert",
      payload: { name: "members", defaultValue: { role: "leader", name: "x" } },
    });
    const { status, reply } = replyOf(await post([...teamEntries([member(1)]), ["__intent__", sneaky]]));
    expect(status).toBe(200);
    expect(membersOf(reply)[1]).toEqual({ role: "member" });
  });

  it("a garbled intent is refused with 400 and a message, and nothing is registered", async () => {
    for (const garbled of [
      "{not json",
      "x",
      JSON.stringify({ type: "nope", payload: {} }),
      JSON.stringify({ type: "reorder", payload: { name: "members", from: 1, to: 0 } }),
    ]) {
      const { status, reply } = replyOf(await post([...teamEntries([member(1), member(2)]), ["__intent__", garbled]]));
      expect(status).toBe(400);
      expect(reply.error?.[""]).toEqual(["The form could not be read. Please reload the page and try again."]);
    }
    expect(backend.calls.registerTeam).toHaveLength(0);
  });
});

describe.each(locales)("team rules on submit in %s, in the specified order", (locale) => {
  const said = messages[locale];
  async function teamMessage(members: Partial<Member>[]) {
    const { status, reply } = replyOf(await post(teamEntries(members), locale));
    expect(status).toBe(400);
    expect(backend.calls.registerTeam).toHaveLength(0);
    return reply.error?.[""];
  }

  it("seven members: the six members' maximum (before the leader rule)", async () => {
    const members = [...sixMembers(), member(7, { role: "leader" })];
    expect(await teamMessage(members)).toEqual([said.tooMany]);
  });

  it("two leaders and only 3 members: one leader only", async () => {
    expect(await teamMessage([member(1), member(2, { role: "leader" }), member(3)])).toEqual([said.oneLeader]);
  });

  it("5 members with one leader: exactly 6 members", async () => {
    expect(await teamMessage(sixMembers().slice(0, 5))).toEqual([said.exactlySix]);
  });

  it("6 members without a female member: at least one female member", async () => {
    const members = sixMembers().map((row) => ({ ...row, gender: "male" }));
    members[4] = { ...members[4]!, gender: "other" };
    expect(await teamMessage(members)).toEqual([said.female]);
  });
});

describe("team rules on submit, whatever the language", () => {
  it("row 1 is the leader whatever it sends, so a leader elsewhere makes two", async () => {
    const members = sixMembers();
    members[0] = member(1, { role: "member" });
    members[3] = member(4, { role: "leader" });
    const { reply } = replyOf(await post(teamEntries(members)));
    expect(reply.error?.[""]).toEqual(["Only one leader allowed per team!"]);
  });

  it("a team rule comes first, and the missing fields are marked at the same time", async () => {
    const { reply } = replyOf(await post(teamEntries([member(1, { email: "" })], { teamName: "" })));
    expect(reply.error?.[""]).toEqual(["Team must have exactly 6 members!"]);
    expect(reply.error?.teamName).toBeDefined();
    expect(reply.error?.["members[0].email"]).toBeDefined();
  });
});

describe.each(locales)("required fields and formats in %s", (locale) => {
  const said = messages[locale];

  it("asks for the team name and the category", async () => {
    const { status, reply } = replyOf(await post(teamEntries(sixMembers(), { teamName: "  ", category: "" }), locale));
    expect(status).toBe(400);
    expect(reply.error?.teamName).toEqual([said.teamName]);
    expect(reply.error?.category).toEqual([said.category]);
    expect(reply.error?.[""]).toBeUndefined();
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("refuses a team name mixing alphabets in a word (a Cyrillic е among Latin letters)", async () => {
    const { reply } = replyOf(await post(teamEntries(sixMembers(), { teamName: "T\u0435am" }), locale));
    expect(reply.error?.teamName).toEqual([said.mixedScripts]);
  });

  it("asks for each member's name, email, phone, gender and institution, but not skills", async () => {
    const members: Partial<Member>[] = sixMembers();
    members[3] = { role: "member", skills: "" };
    const { status, reply } = replyOf(await post(teamEntries(members), locale));
    expect(status).toBe(400);
    expect(reply.error).toMatchObject({
      "members[3].name": [said.member.name],
      "members[3].email": [said.member.email],
      "members[3].phone": [said.member.phone],
      "members[3].gender": [said.member.gender],
      "members[3].institution": [said.member.institution],
    });
    expect(reply.error?.["members[3].skills"]).toBeUndefined();
    expect(reply.error?.["members[0].skills"]).toBeUndefined();
  });

  it("refuses a malformed email and a phone that is not 10 digits", async () => {
    const members = sixMembers();
    members[1] = member(2, { phone: "12" });
    members[2] = member(3, { email: "member3@" });
    const { reply } = replyOf(await post(teamEntries(members), locale));
    expect(reply.error?.["members[1].phone"]).toEqual([said.invalidPhone]);
    expect(reply.error?.["members[2].email"]).toEqual([said.invalidEmail]);
  });
});

describe("required fields and formats", () => {
  it.each(["98765", "98765432100", "98765abcde", "5123456789", "+1 98765 43210"])(
    "refuses the phone %s with 'Phone number must be 10 digits.'",
    async (phone) => {
      const members = sixMembers();
      members[1] = member(2, { phone });
      const { reply } = replyOf(await post(teamEntries(members)));
      expect(reply.error?.["members[1].phone"]).toEqual(["Phone number must be 10 digits."]);
      expect(backend.calls.registerTeam).toHaveLength(0);
    },
  );

  it.each(["+91 98765 43210", "98765 43210", "098765-43210"])(
    "accepts the phone %s, the way students write it, as +919876543210",
    async (phone) => {
      const members = sixMembers();
      members[1] = member(2, { phone });
      expect(await post(teamEntries(members))).toBeInstanceOf(Response);
      expect(backend.calls.registerTeam[0]?.members[1]?.phone).toBe("+919876543210");
    },
  );

  it("keeps every entry after a failed submit", async () => {
    const members = sixMembers();
    members[1] = member(2, { phone: "123" });
    const { reply } = replyOf(await post(teamEntries(members, { teamName: "Kept" })));
    expect(reply.initialValue).toMatchObject({ teamName: "Kept", category: "coding" });
    expect(membersOf(reply)).toHaveLength(6);
    expect(membersOf(reply)[1]).toMatchObject({ name: "Member 2", phone: "123" });
  });
});

describe("the members' agreement", () => {
  it.each(locales)(
    "in %s an unticked box is refused with 400 and its message beside it, nothing stored, entries kept",
    async (locale) => {
      const { status, reply } = replyOf(await post(withoutConsent(teamEntries(sixMembers())), locale));
      expect(status).toBe(400);
      expect(reply.error?.consent).toEqual([messages[locale].consent]);
      expect(reply.error?.[""]).toBeUndefined();
      expect(membersOf(reply)).toHaveLength(6);
      expect(backend.calls.registerTeam).toHaveLength(0);
      const html = renderPage({ teams: [] }, reply, locale);
      expect(html).toContain(messages[locale].consent);
    },
  );

  it("comes after the team rules: a short team hears the team rule and the box's message together", async () => {
    const { reply } = replyOf(await post(withoutConsent(teamEntries(sixMembers().slice(0, 5)))));
    expect(reply.error?.[""]).toEqual(["Team must have exactly 6 members!"]);
    expect(reply.error?.consent).toEqual(["Please confirm that the members agreed to share their details."]);
  });

  it("the form has the box, unticked and not required, then what the data is for and the privacy notice, then Register Team", () => {
    const html = renderPage({ teams: [] });
    const box =
      /<input[^>]*type="checkbox"[^>]*name="consent"[^>]*>|<input[^>]*name="consent"[^>]*type="checkbox"[^>]*>/.exec(
        html,
      )?.[0];
    expect(box).toBeDefined();
    expect(box).not.toMatch(/required|checked/);
    expect(html).toContain(
      "I have the members&#x27; agreement to share their details with the council for this registration.",
    );
    const order = [
      'name="consent"',
      "The council uses the team&#x27;s details only to run the hackathon",
      'href="/privacy"',
      ">Register Team</button>",
    ];
    const positions = order.map((text) => html.lastIndexOf(text));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe("submitting a valid team", () => {
  it("sends exactly the specified JSON to the backend and redirects here with the success toast", async () => {
    const members = sixMembers();
    members[5] = member(6, { name: "  Member 6  ", skills: "  " });
    const response = await post(teamEntries(members));
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/sih/registration");
    expect(redirect.headers.get("Set-Cookie")).toMatch(/^toast=/);

    expect(backend.calls.registerTeam).toEqual([
      {
        teamName: "Byte Busters",
        category: "coding",
        description: "A campus lost-and-found app.\nBuilt with maps.",
        members: [1, 2, 3, 4, 5, 6].map((number) => ({
          name: `Member ${number}`,
          email: `member${number}@example.org`,
          phone: `+9198765432${String(number).padStart(2, "0")}`,
          gender: number === 2 ? "female" : "male",
          institution: "Institute of Technology, Bhopal",
          skills: number === 1 ? "React, pitching" : "",
          role: number === 1 ? "leader" : "member",
        })),
      },
    ]);
  });

  it.each(locales)(
    "in %s redirects to the page in its language, where the toast says the team was sent",
    async (locale) => {
      const redirect = (await post(teamEntries(sixMembers()), locale)) as Response;
      expect(redirect.headers.get("Location")).toBe(localizedPath(locale, path));
      expect(await toastAfter(redirect, localizedPath(locale, path))).toMatchObject({
        type: "success",
        message: messages[locale].sent,
      });
    },
  );

  it("a receipt the cap held back is said after the success message, never taken as sent", async () => {
    backend.answers.registerTeam = { ok: true, value: { receiptHeld: true, membersWaiting: true } };
    const redirect = (await post(teamEntries(sixMembers()))) as Response;
    const toast = await toastAfter(redirect, path);
    expect(toast).toMatchObject({ type: "success" });
    expect(toast?.message).toMatch(
      /^Registration submitted successfully! We could not e-mail you the receipt: .* Your team's members have not been told about the team yet\. To tell them, .* press “Tell my team's members” on your profile\. If you cannot, write to the council/,
    );
  });

  it('sends an empty description as ""', async () => {
    await post(teamEntries(sixMembers(), { description: "" }));
    expect(backend.calls.registerTeam[0]?.description).toBe("");
  });

  it("rejected: 'Error: ' followed by the server's message, entries kept", async () => {
    backend.answers.registerTeam = {
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "Team name already taken" },
    };
    const { status, reply } = replyOf(await post(teamEntries(sixMembers())));
    expect(status).toBe(409);
    expect(reply.error?.[""]).toEqual(["Error: Team name already taken"]);
    expect(reply.initialValue).toMatchObject({ teamName: "Byte Busters" });
    expect(membersOf(reply)).toHaveLength(6);
    const html = renderPage({ teams: [] }, reply);
    expect(html).toMatch(/role="alert"[^>]*><p>Error: Team name already taken<\/p>/);
  });

  it.each(locales)("unavailable in %s: an error occurred, try again; entries kept", async (locale) => {
    backend.answers.registerTeam = { ok: false, reason: "unavailable" };
    const { status, reply } = replyOf(await post(teamEntries(sixMembers()), locale));
    expect(status).toBe(503);
    expect(reply.error?.[""]).toEqual([messages[locale].unavailable]);
    expect(membersOf(reply)).toHaveLength(6);
  });
});

describe("abuse and malformed input", () => {
  it("a filled honeypot gets the normal answer and nothing reaches the backend", async () => {
    const entries = teamEntries(sixMembers()).map(([name, value]): [string, string] => [
      name,
      name === "website" ? "spam.example" : value,
    ]);
    const response = (await post(entries)) as Response;
    expect(response.headers.get("Location")).toBe("/sih/registration");
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("refuses an oversized body with 413 on the form, and closes the connection", async () => {
    const entries: Entries = [...teamEntries(sixMembers()), ["description", "x".repeat(70 * 1024)]];
    const result = await post(entries);
    const { status, reply } = replyOf(result);
    expect(status).toBe(413);
    expect(reply.error?.[""]).toEqual(["The form is too large to send. Please shorten it and try again."]);
    expect(headersOf(result).get("Connection")).toBe("close");
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("a list index no form has (members[49], members[99], x[999999999]) is refused at once with 400, before the form library sees it", async () => {
    for (const stray of [
      ["members[49].name", "x"],
      ["members[99].name", "x"],
      ["members[999999999].name", "x"],
      ["other[888888888]", "y"],
    ] as const) {
      const started = Date.now();
      const entries: Entries = [...teamEntries(sixMembers().slice(0, 5)), [stray[0], stray[1]]];
      const { status, reply } = replyOf(await post(entries));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(status).toBe(400);
      expect(reply.error?.[""]).toEqual(["The form could not be read. Please reload the page and try again."]);
    }
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it.each([
    ["members", "not a list"],
    ["members.name", "x"],
  ])("a stray %s field (no list the form has) is refused with 400 and a message", async (name, value) => {
    const { status, reply } = replyOf(
      await post([...teamEntries([member(1)]), [name, value], ["__intent__", insertIntent]]),
    );
    expect(status).toBe(400);
    expect(reply.error?.[""]).toEqual(["The form could not be read. Please reload the page and try again."]);
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it.each([["members[0]", "x"]])("a bare %s row with Add Member answers without an error page", async (name, value) => {
    const { status, reply } = replyOf(
      await post([...teamEntries([member(1)]), [name, value], ["__intent__", insertIntent]]),
    );
    expect(status).toBe(200);
    expect(membersOf(reply)).toHaveLength(2);
  });

  it.each([
    [
      ["teamName", "A"],
      ["teamName[0]", "B"],
    ],
    [
      ["teamName", "A"],
      ["teamName.first", "B"],
    ],
    [
      ["__proto__.polluted", "yes"],
      ["constructor.prototype.polluted", "yes"],
    ],
    [["__intent__", JSON.stringify({ type: "update", payload: { name: "members[5000000]", value: "x" } })]],
    [["__intent__", JSON.stringify({ type: "remove", payload: { name: "members", index: "1" } })]],
  ] as Entries[])("odd field names %j answer with messages, never an error page", async (...odd) => {
    const { status } = replyOf(await post([...teamEntries([member(1), member(2)]), ...odd]));
    expect([200, 400]).toContain(status);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("category 'hacking' is refused with 'Choose a category.'", async () => {
    const { status, reply } = replyOf(await post(teamEntries(sixMembers(), { category: "hacking" })));
    expect(status).toBe(400);
    expect(reply.error?.category).toEqual(["Choose a category."]);
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("an empty submission is answered 400 with the messages", async () => {
    const { status, reply } = replyOf(await post([]));
    expect(status).toBe(400);
    expect(reply.error?.teamName).toEqual(["Enter the team name."]);
    expect(reply.error?.[""]).toEqual(["Team must have exactly 6 members!"]);
  });

  it("a gender or role outside the list is refused", async () => {
    const members = sixMembers();
    members[2] = member(3, { gender: "robot", role: "captain" });
    const { status, reply } = replyOf(await post(teamEntries(members)));
    expect(status).toBe(400);
    expect(reply.error?.["members[2].gender"]).toEqual(["Choose the member's gender."]);
    expect(reply.error?.["members[2].role"]).toEqual(["Choose Leader or Member."]);
  });
});

describe("the registration window (the site's content)", () => {
  it("is the one in the content the server was given (CONTENT_DIR), not the sample dates of data/", () => {
    const given = JSON.parse(readFileSync(`${process.env.CONTENT_DIR}/events.json`, "utf8")) as typeof events;
    const sample = JSON.parse(readFileSync("data/events.json", "utf8")) as typeof events;
    expect(events.hackathon.registration).toEqual(given.hackathon.registration);
    expect(events.hackathon.registration).not.toEqual(sample.hackathon.registration);
  });

  it("while open, the page says until when and shows the form", async () => {
    const data = await loader(routeArgs(new Request("http://localhost/sih/registration")));
    const text = `Registration open until ${readableIndianTime(window.closes)}`;
    expect(data.registration).toEqual({ state: "open", text });
    const html = renderPage(data);
    expect(html).toContain(text);
    expect(html).toContain("Register Team");
  });

  it("after it closes, the page says 'Registration closed' without a form, and a sent team is refused, nothing stored", async () => {
    vi.setSystemTime(Date.parse(window.closes));
    const data = await loader(routeArgs(new Request("http://localhost/sih/registration")));
    expect(data.registration).toEqual({ state: "closed", text: "Registration closed" });
    const html = renderPage(data);
    expect(html).toContain("Registration closed");
    expect(html).not.toContain("Register Team");
    expect(html).not.toContain("<form");

    const result = await post(teamEntries(sixMembers()));
    const { status, reply } = replyOf(result);
    expect(status).toBe(403);
    expect(reply.error?.[""]).toEqual(["Registration closed"]);
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("before it opens, the page says 'Opens on …' and a sent team is refused with the same words", async () => {
    vi.setSystemTime(opensAt - 60_000);
    const text = `Opens on ${readableIndianTime(window.opens)}`;
    const data = await loader(routeArgs(new Request("http://localhost/sih/registration")));
    expect(data.registration).toEqual({ state: "not-yet-open", text });
    expect(renderPage(data)).not.toContain("Register Team");

    const { status, reply } = replyOf(await post(teamEntries(sixMembers())));
    expect(status).toBe(403);
    expect(reply.error?.[""]).toEqual([text]);
    expect(backend.calls.registerTeam).toHaveLength(0);
  });

  it("opens at its first minute", async () => {
    vi.setSystemTime(opensAt);
    expect(await post(teamEntries(sixMembers()))).toBeInstanceOf(Response);
    expect(backend.calls.registerTeam).toHaveLength(1);
  });
});
