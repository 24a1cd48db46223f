import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement, type ComponentType } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { createAddTeamMemberSchema } from "~/forms/team-member";
import { action as teamMemberAction } from "~/routes/sih-team-member";
import { createJoinSchema } from "~/forms/join-schema";
import { hi } from "~/i18n/catalogue/hi";
import type { Texts } from "~/i18n/text";
import { TextProvider } from "~/i18n/use-text";
import IdeasPage from "~/routes/ideas";
import JoinPage, { action as joinAction, loader as joinLoader } from "~/routes/join";
import LoginPage, { action as loginAction } from "~/routes/login";
import { refusalText } from "~/server/requests/refusals.server";
import DeleteAccountPage, { action as deleteAction } from "~/routes/user-profile-delete";
import SuggestionPage from "~/routes/suggestion";
import { limits } from "~/server/requests/limits.server";
import { joinFormFields } from "../backend/samples";
import { type FormReply as Reply, post, renderRoute, routeArgs, signedInCookie } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

/**
 * Every form on its Hindi page (/hi/...): the action, called with a Request to the Hindi path, answers the Hindi
 * messages in the same order as the English form's (tests/routes/*), and the page shows the form's words in Hindi.
 * The Hindi is spelled out here, as the English tests spell out the specification's texts.
 */

const fake = useRecordingBackend();

beforeEach(() => {
  fake.reset();
});

type Fields = Record<string, string | undefined>;

/** A form post to `path` as the browser sends it; `undefined` leaves a field out (an unticked checkbox). */
async function refusedBy(action: (args: ReturnType<typeof routeArgs>) => unknown, path: string, fields: Fields) {
  const result = (await action(routeArgs(post(path, withoutUndefined(fields))))) as Reply;
  expect(result).not.toBeInstanceOf(Response);
  return { status: result.init?.status, formMessage: result.data.error?.[""], errors: result.data.error ?? {} };
}

function withoutUndefined(fields: Fields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The texts a Hindi page renders with (entry.server.tsx and entry.client.tsx give them to every page). */
const hindi: Texts = { locale: "hi", catalogue: hi };

/** A route's page rendered in Hindi at its /hi path. */
function renderHindi(Component: unknown, path: string, loaderData: unknown, actionData?: SubmissionResult<string[]>) {
  const Page = Component as ComponentType<object>;
  const InHindi = (props: object) => createElement(TextProvider, { texts: hindi }, createElement(Page, props));
  return renderRoute({ path, Component: InHindi, loaderData, actionData });
}

const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));

describe("/hi/join", () => {
  const application = joinFormFields("asha.verma@example.org", "0187CS211001");
  const refused = (fields: Fields) => refusedBy(joinAction, "/hi/join", { ...application, ...fields });

  it("reads the same day-first dates of birth as the English form, and refuses the others in Hindi", async () => {
    for (const dob of ["05/09/2004", "5/9/2004", "05-09-2004", "05.09.2004", "05092004", "2004-09-05"]) {
      fake.reset();
      expect(await joinAction(routeArgs(post("/hi/join", { ...application, dob })))).toBeInstanceOf(Response);
      expect(fake.calls.applyToCouncil[0]?.dob, dob).toBe("2004-09-05");
    }
    // A Hindi keyboard types Devanagari digits: the same dates, and the same phone number.
    fake.reset();
    const devanagari = { ...application, dob: "०५/०९/२००४", phone: "९८७६५ ४३२१०" };
    expect(await joinAction(routeArgs(post("/hi/join", devanagari)))).toBeInstanceOf(Response);
    expect(fake.calls.applyToCouncil[0]).toMatchObject({ dob: "2004-09-05", phone: "+919876543210" });
    expect((await refused({ dob: "31/02/2004" })).errors.dob).toEqual(["सही जन्म तिथि लिखें।"]);
    expect((await refused({ dob: "31/12/1899" })).errors.dob).toEqual(["जन्म तिथि 1900 से पहले की नहीं हो सकती।"]);
    expect((await refused({ dob: "01/01/2999" })).errors.dob).toEqual(["जन्म तिथि बीते हुए दिन की होनी चाहिए।"]);
  });

  it("answers a backend failure in Hindi, and the rate limit too", async () => {
    fake.answers.applyToCouncil = { ok: false, reason: "rejected" };
    expect((await refused({})).formMessage).toEqual(["फ़ॉर्म नहीं भेजा जा सका। फिर से कोशिश करें।"]);

    await limits.reset();
    const from = { "X-Client-Address": "198.51.100.77" };
    for (let attempt = 0; attempt < 30; attempt += 1)
      await joinAction(routeArgs(post("/hi/join", application, { headers: from })));
    const limited = (await joinAction(routeArgs(post("/hi/join", application, { headers: from })))) as Reply;
    expect(limited.init?.status).toBe(429);
    expect(limited.data.error?.[""]?.[0]).toMatch(/^आपके नेटवर्क से बहुत ज़्यादा फ़ॉर्म भेजे गए हैं। \d+ मिनट बाद फिर से कोशिश करें।$/);
    await limits.reset();
  });

  it("checks in the browser with the same Hindi messages, from the Hindi catalogue the page loaded", () => {
    const schema = createJoinSchema(hi.forms, ["Coding Club"]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...application, phone: "12345", email: "x" })) form.set(name, value);
    form.delete("terms");
    const reply = parseWithZod(form, { schema }).reply();
    expect(reply.error?.[""]).toEqual(["नियम और शर्तें (terms & conditions) स्वीकार करें।"]);
    expect(reply.error?.phone).toEqual(["फ़ोन नंबर सही नहीं है।"]);
  });

  it("shows the form's labels, options, hint and button in Hindi, and a refused form's messages", async () => {
    const { errors } = await refused({ terms: undefined });
    const html = renderHindi(JoinPage, "/hi/join", joinLoader(), {
      status: "error",
      error: errors,
      initialValue: withoutUndefined({ ...application, terms: undefined }),
    });
    expect(labels(html)).toEqual([
      "इस फ़ील्ड को खाली छोड़ें",
      "पूरा नाम",
      "ईमेल",
      "फ़ोन नंबर",
      "नामांकन संख्या (Enrollment Number)",
      "जन्म तिथि (Date of Birth)",
      "लिंग (Gender)",
      "कॉलेज",
      "विभाग (Department)",
      "पढ़ाई का वर्ष",
      "क्लब",
      "आप काउंसिल से क्यों जुड़ना चाहते हैं?",
      "मुझे सभी नियम और शर्तें (terms and conditions) स्वीकार हैं",
    ]);
    for (const shown of [
      'href="/hi/privacy"',
      'placeholder="10 अंकों का मोबाइल नंबर"',
      "कैलेंडर नहीं दिख रहा? पहले दिन लिखें, जैसे 05/09/2004।",
      '<option value="">चुनें…</option>',
      '<option value="Other">नहीं बताना चाहते</option>',
      '<option value="1st Year">पहला वर्ष</option>',
      ">आवेदन भेजें</button>",
      'काउंसिल यह जानकारी सिर्फ़ आपके आवेदन पर विचार करने और उसके बारे में आपसे संपर्क करने के लिए इस्तेमाल करती है। <a class="font-semibold text-accent underline underline-offset-2" href="/hi/privacy" data-discover="true">हम आपका डेटा कैसे रखते हैं</a>',
      "नियम और शर्तें (terms &amp; conditions) स्वीकार करें।",
    ])
      expect(html).toContain(shown);
  });
});

describe("/hi/suggestion", () => {
  it("shows its labels and button in Hindi", () => {
    const html = renderHindi(SuggestionPage, "/hi/suggestion", undefined);
    expect(labels(html).slice(1)).toEqual([
      "आपका नाम",
      "नामांकन संख्या (Enrollment Number)",
      "कॉलेज",
      "समस्या बताएँ",
      "आपका सुझाव या हल",
    ]);
    expect(html).toContain(">सुझाव भेजें</button>");
  });
});

describe("/hi/ideas", () => {
  it("shows its labels, placeholder and button in Hindi", () => {
    const html = renderHindi(IdeasPage, "/hi/ideas", undefined);
    expect(labels(html).slice(1)).toEqual([
      "आपका नाम",
      "नामांकन संख्या (Enrollment Number)",
      "कॉलेज का नाम",
      "आपके आइडिया का शीर्षक",
      "अपना आइडिया बताएँ",
      "इस आइडिया से क्या असर या बदलाव आएगा?",
    ]);
    expect(html).toContain('placeholder="अपना आइडिया विस्तार से बताएँ..."');
    expect(html).toContain(">आइडिया भेजें</button>");
  });
});

describe("/hi/login", () => {
  const valid = { collegeId: "0101CS221001", password: "05092004" };
  beforeEach(() => limits.reset());

  it("counts failed attempts and says when to try again, in Hindi", async () => {
    fake.answers.logIn = { ok: false, reason: "rejected" };
    let last: Awaited<ReturnType<typeof refusedBy>> | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) last = await refusedBy(loginAction, "/hi/login", valid);
    expect(last?.status).toBe(429);
    expect(last?.formMessage).toEqual(["लॉग इन की बहुत ज़्यादा गलत कोशिशें हुई हैं। 15 मिनट बाद फिर से कोशिश करें।"]);
  });

  it("reads the password as a date of birth written any day-first way, as the English page does", async () => {
    for (const password of ["05/09/2004", "5-9-2004", "05.09.2004", "2004-09-05"]) {
      fake.reset();
      await loginAction(routeArgs(post("/hi/login", { collegeId: valid.collegeId, password })));
      expect(fake.calls.logIn).toEqual([{ collegeId: valid.collegeId, password: "05092004" }]);
    }
  });

  it("shows its labels, hints and button in Hindi", () => {
    const html = renderHindi(LoginPage, "/hi/login", undefined);
    expect(labels(html)).toEqual(["कॉलेज आईडी (College ID)", "पासवर्ड"]);
    expect(html).toContain("आपकी कॉलेज आईडी वही नामांकन संख्या (Enrollment Number) है जो आपने रजिस्टर करते समय दी थी।");
    expect(html).toContain(">लॉग इन करें</button>");
  });
});

describe("/hi/userProfile/delete", () => {
  const asStudent = async (fields: Record<string, string>) => {
    const fakeBackend = fake;
    fakeBackend.answers.whoIsSignedIn = {
      status: "signed-in",
      user: { uid: "0101CS221001", email: "asha@example.org", displayName: "Asha Verma" },
      collegeId: "0101CS221001",
    } as typeof fakeBackend.answers.whoIsSignedIn;
    const cookie = await signedInCookie();
    const result = (await deleteAction(routeArgs(post("/hi/userProfile/delete", fields, { cookie })))) as Reply;
    return { status: result.init?.status, errors: result.data.error ?? {} };
  };

  it("asks for the College ID, and refuses someone else's, in Hindi; nothing is erased", async () => {
    expect((await asStudent({ collegeId: " " })).errors.collegeId).toEqual([
      "पक्का करने के लिए अपनी कॉलेज आईडी (College ID) लिखें।",
    ]);
    const other = await asStudent({ collegeId: "0101CS229999" });
    expect(other.status).toBe(400);
    expect(other.errors.collegeId).toEqual(["यह आपकी कॉलेज आईडी नहीं है। कुछ भी डिलीट नहीं हुआ।"]);
  });

  it("shows the confirmation's label and button in Hindi", () => {
    const loaderData = { onSite: true, contactEmail: "council@example.org", teams: [], membersTold: false };
    const html = renderHindi(DeleteAccountPage, "/hi/userProfile/delete", loaderData);
    expect(html).toContain("पक्का करने के लिए अपनी कॉलेज आईडी (College ID) लिखें</label>");
    expect(html).toContain(">मेरा अकाउंट हमेशा के लिए डिलीट करें</button>");
  });
});

describe("/hi/sih/team-member and /hi/sih/team/add-member", () => {
  it("answers an incomplete link or a site without teams in Hindi", async () => {
    const incomplete = await refusedBy(teamMemberAction, "/hi/sih/team-member", { intent: "confirm" });
    expect(incomplete.errors.token).toEqual(["यह लिंक पूरा नहीं है। ईमेल से लिंक फिर से खोलें।"]);
    const button = await refusedBy(teamMemberAction, "/hi/sih/team-member", { token: "abc" });
    expect(button.errors.intent).toEqual(["दोनों में से एक बटन चुनें।"]);
    const off = await refusedBy(teamMemberAction, "/hi/sih/team-member", { token: "abc", intent: "confirm" });
    expect(off.status).toBe(404);
    expect(off.formMessage).toEqual(["यह साइट अपनी कोई हैकाथॉन टीम नहीं रखती।"]);
  });

  it("checks a new member with the team form's Hindi messages", () => {
    const parsed = createAddTeamMemberSchema(hi.forms).safeParse({ name: "", email: "x", phone: "1", team: "" });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "सदस्य का नाम लिखें।"],
      ["email", "सही ईमेल पता लिखें।"],
      ["phone", "फ़ोन नंबर 10 अंकों का होना चाहिए।"],
      ["gender", "सदस्य का लिंग चुनें।"],
      ["institution", "सदस्य का संस्थान लिखें।"],
      ["team", "अपनी टीम चुनें।"],
    ]);
  });
});

describe("the backends' refusals a form says in Hindi", () => {
  it("say each code in the English the site always used", () => {
    expect(refusalText("en", { code: "collegeIdTaken" })).toBe(
      "An account with this Enrollment Number already exists.",
    );
    expect(refusalText("en", { code: "notYourTeam" })).toBe("This is not a team you lead.");
    expect(refusalText("en", { code: "inAnotherTeam", email: "a@example.org" })).toBe(
      "a@example.org is already a member of another team.",
    );
    expect(refusalText("en", { code: "inThisTeam", email: "a@example.org" })).toBe(
      "a@example.org is already in this team.",
    );
  });

  it("keep the names, addresses and dates they carry; a date in Hindi's way; the council API's words as they came", () => {
    const date = new Date("2025-11-23T10:35:00Z");
    expect(refusalText("hi", { code: "alreadyApplied", date })).toBe(
      "आपका आवेदन हमें 23 नव॰ 2025, 4:05 pm को मिल चुका है। काउंसिल उसके बारे में आपसे संपर्क करेगी: दोबारा आवेदन करने की ज़रूरत नहीं है।",
    );
    expect(refusalText("en", { code: "alreadyApplied", date })).toBe(
      "We already have your application, received on 23 Nov 2025, 16:05 IST. The council will get back to you about it: there is no need to apply again.",
    );
    expect(refusalText("hi", { code: "teamNameTaken", team: "Byte Busters" })).toBe(
      '"Byte Busters" नाम की टीम पहले से रजिस्टर है।',
    );
    expect(refusalText("hi", { code: "inAnotherTeam", email: "a@example.org" })).toBe(
      "a@example.org पहले से किसी दूसरी टीम के सदस्य हैं।",
    );
    const own = { code: "councilApiSaid", message: "The council API's own words {{x}}." } as const;
    expect(refusalText("hi", own)).toBe("The council API's own words {{x}}.");
  });
});
