import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type UNSAFE_DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { hi } from "~/i18n/catalogue/hi";
import { locales, localizedPath } from "~/i18n/locale";
import type { Texts } from "~/i18n/text";
import { TextProvider } from "~/i18n/use-text";
import CollegeIdClaim from "~/routes/college-id-claim";
import Login from "~/routes/login";
import UserProfile, { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import DeleteAccount, { loader as deleteLoader } from "~/routes/user-profile-delete";
import UserProfileRegistration from "~/routes/user-profile-registration";
import { loader as addMemberLoader } from "~/routes/sih-team-add-member";
import VerifyEmail, { action as verifyAction } from "~/routes/verify-email";
import { identity, submissions } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { sampleApplication, sampleTeam } from "../backend/samples";
import {
  caught,
  get,
  post,
  redirectOf,
  renderRoute,
  replyOf,
  routeArgs,
  signInNewStudent,
  verificationTokenFor,
} from "../support/routes";

/**
 * The account pages' own texts under /hi: their loaders, called with a Request to the Hindi path, and their HTML as
 * the server renders it in Hindi (a provider in Hindi, as entry.server.tsx gives the Hindi twin). The forms' fields
 * and messages are the forms' (tests of their own); here the headings, intros, notes, links and buttons.
 */
// Given by the provider only: the tests' default instance (tests/setup/i18n.ts) stays English for English renders.
const hindi: Texts = { locale: "hi", catalogue: hi };

function renderHindi(path: string, Component: unknown, loaderData?: unknown, at = path): string {
  const Stub = createRoutesStub([
    {
      id: "page",
      path,
      Component: Component as ComponentType,
      action: () => null,
      ...(loaderData === undefined ? {} : { loader: () => loaderData }),
    },
  ]);
  const html = renderToString(
    createElement(
      TextProvider,
      { texts: hindi },
      createElement(Stub, {
        initialEntries: [at],
        hydrationData: { loaderData: loaderData === undefined ? {} : { page: loaderData } },
      }),
    ),
  );
  return html.replaceAll("<!-- -->", "");
}

const devanagari = /[\u0900-\u097F]/;
/** The visible text of some HTML: tags dropped, entities of quotes back. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replace(/\s+/g, " ");
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);

let students = 0;
async function student() {
  students += 1;
  const collegeId = `0187HA26${String(students).padStart(4, "0")}`;
  const email = `hindi.account.${students}@example.org`;
  const signedIn = await signInNewStudent(identity, { collegeId, email, username: `Meera ${students}` });
  const state = await identity.whoIsSignedIn(signedIn.credentials);
  if (state.status !== "signed-in" || !state.accountKey) throw new Error("not signed in");
  return { ...signedIn, collegeId, email, accountKey: state.accountKey };
}

beforeEach(async () => {
  await limits.reset();
});

describe("/hi/login and /hi/userProfileRegistration", () => {
  const pageTexts = {
    en: {
      login: ">Login</h1>",
      loginIntro: "Sign in with your College ID to see your profile.",
      toRegistration: /New here\? <a[^>]*href="\/userProfileRegistration"[^>]*>Register for an account</,
      registration: ">User Registration</h1>",
      registrationIntro: "Join the Student Council: create your account to sign in and see your profile.",
      toLogin: /Already registered\? <a[^>]*href="\/login"[^>]*>Login</,
      otherScript: devanagari,
    },
    hi: {
      login: ">लॉग इन</h1>",
      loginIntro: "अपनी प्रोफ़ाइल देखने के लिए अपनी कॉलेज आईडी (College ID) से लॉग इन करें।",
      toRegistration: /पहली बार आए हैं\? <a[^>]*href="\/hi\/userProfileRegistration"[^>]*>अकाउंट के लिए रजिस्टर करें</,
      registration: ">यूज़र रजिस्ट्रेशन</h1>",
      registrationIntro: "Student Council से जुड़ें: लॉग इन करने और अपनी प्रोफ़ाइल देखने के लिए अपना अकाउंट बनाएँ।",
      toLogin: /पहले से रजिस्टर हैं\? <a[^>]*href="\/hi\/login"[^>]*>लॉग इन</,
      otherScript: /Sign in with your College ID|New here\?|Register for an account|Already registered\?/,
    },
  };

  it.each(locales)("in %s both pages speak the page's language, the council's name as it is, links in it", (locale) => {
    const texts = pageTexts[locale];
    const login = renderRoute({ path: localizedPath(locale, "/login"), Component: Login, locale });
    expect(login).toContain(texts.login);
    expect(login).toContain(texts.loginIntro);
    expect(login).toMatch(texts.toRegistration);
    const registration = renderRoute({
      path: localizedPath(locale, "/userProfileRegistration"),
      Component: UserProfileRegistration,
      loaderData: { product: "Student Council" },
      locale,
    });
    expect(registration).toContain(texts.registration);
    expect(registration).toContain(texts.registrationIntro);
    expect(registration).toMatch(texts.toLogin);
    expect(textOf(login + registration)).not.toMatch(texts.otherScript);
  });
});

describe("/hi/userProfile", () => {
  it.each(locales)("a visitor who is not signed in is sent to the login in %s", async (locale) => {
    const result = (await caught(profileLoader(routeArgs(get(localizedPath(locale, "/userProfile")))))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(localizedPath(locale, "/login"));
  });

  it("gives the page its moments in Hindi (through Intl's hi-IN, in India's time) and in English as before", async () => {
    const { cookie, email, collegeId, accountKey } = await student();
    const application = { ...sampleApplication, email, enrollment: collegeId };
    expect((await submissions.applyToCouncil(application, accountKey)).ok).toBe(true);
    const load = async (path: string) =>
      (
        (await caught(profileLoader(routeArgs(get(path, { cookie }))))) as UNSAFE_DataWithResponseInit<{
          sent: { applications: { receivedAt: string }[] };
          times: Record<string, string>;
        }>
      ).data;
    const hindiData = await load("/hi/userProfile");
    const receivedAt = hindiData.sent.applications[0]!.receivedAt;
    const expected = `${new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date(receivedAt))}, `;
    expect(hindiData.times[receivedAt]).toContain(expected);
    expect(hindiData.times[receivedAt]).toMatch(devanagari);
    expect(hindiData.times[receivedAt]).toMatch(/, \d{2}:\d{2} IST$/);
    const englishData = await load("/userProfile");
    expect(englishData.times[receivedAt]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST$/);
  });

  it("shows the profile, the e-mail status and What you sent in Hindi, with Hindi links", async () => {
    const { cookie, email, collegeId, accountKey } = await student();
    const application = { ...sampleApplication, email, enrollment: collegeId };
    expect((await submissions.applyToCouncil(application, accountKey)).ok).toBe(true);
    const team = sampleTeam(`Hindi Team ${students}`, `ha${students}`);
    expect((await submissions.registerTeam(team, accountKey)).ok).toBe(true);
    const result = (await caught(
      profileLoader(routeArgs(get("/hi/userProfile", { cookie }))),
    )) as UNSAFE_DataWithResponseInit<unknown>;
    const html = renderHindi("/hi/userProfile", UserProfile, result.data);
    const text = textOf(html);
    for (const hindiText of [
      "ईमेल",
      "जन्म तिथि | लिंग",
      "9 मार्च 2004 | पुरुष",
      "परिचय",
      "प्रोफ़ाइल बदलें",
      "प्रोफ़ाइल बदलने की सुविधा अभी नहीं है।",
      "लॉग आउट",
      "आपका ईमेल पता",
      "अभी पुष्टि नहीं हुई।",
      `हमने ${email} पर एक लिंक भेजा है।`,
      "लिंक फिर से भेजें",
      "आपने क्या भेजा",
      "काउंसिल से जुड़ने के आवेदन",
      "मिल गया: काउंसिल ने अभी फ़ैसला नहीं किया है",
      "हैकाथॉन टीम",
      "आइडिया",
      "कुछ नहीं।",
      "आईडी कार्ड (ID card) की फ़ोटो",
      "तक रखी जाएगी, फिर डिलीट कर दी जाएगी।",
      "मेरा डेटा डाउनलोड करें",
      "मेरा अकाउंट डिलीट करें",
      "निजता सूचना (Privacy notice)",
    ]) {
      expect(text).toContain(hindiText);
    }
    // "<club>, <when> को भेजा: <decision>", the moment in Hindi.
    expect(text).toMatch(
      new RegExp(`${sampleApplication.club}, \\d{1,2} \\S+ \\d{4}, \\d{2}:\\d{2} IST को भेजा: मिल गया`),
    );
    expect(text).toMatch(/आपकी टीम Hindi Team \d+ : अधूरी: 6 में से 6 सदस्य|आपकी टीम Hindi Team \d+ : पूरी: 6 में से 6 सदस्य/);
    for (const english of [
      "Date of birth",
      "Edit Profile",
      "Logout",
      "Your e-mail address",
      "Send the link again",
      "What you sent",
      "Applications to join the council",
      "Received: the council",
      "None.",
      "Download my data",
      "Delete my account",
      "privacy notice",
      ", sent ",
      " Nov ",
    ]) {
      expect(text).not.toContain(english);
    }
    // The logout and "Send the link again" forms post to the Hindi profile; its links stay in Hindi.
    expect(html.match(/<form[^>]*action="\/hi\/userProfile"/g)).toHaveLength(2);
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/hi/userProfile/delete", "/hi/privacy"]));
    expect(hrefs(html).filter((href) => /^\/(userProfile\/delete|privacy|sih)/.test(href))).toEqual([]);
  });

  it("says 'User not found' in Hindi for an account without details", () => {
    const html = renderHindi("/hi/userProfile", UserProfile, {
      user: null,
      contactEmail: "studentcouncil@example.org",
    });
    expect(html).toContain(">यूज़र नहीं मिला</h1>");
    expect(html).toContain("आपके अकाउंट में अभी प्रोफ़ाइल की कोई जानकारी नहीं है।");
    expect(html).toMatch(/href="\/hi"[^>]*>होम पेज पर लौटें</);
  });

  it("a team the student leads: complete or not, each member's answer, in Hindi", () => {
    const html = renderHindi("/hi/userProfile", UserProfile, {
      user: { username: "Meera" },
      contactEmail: "studentcouncil@example.org",
      sent: { applications: [], teams: [], ideas: [], suggestions: [], idCard: { status: "none" } },
      times: {},
      ledTeams: [
        {
          id: 7,
          teamName: "Byte Squad",
          members: [
            { name: "Meera", role: "leader", confirmed: true, told: true },
            { name: "Kabir", role: "member", confirmed: true, told: true },
            { name: "Ira", role: "member", confirmed: false, told: true },
            { name: "Dev", role: "member", confirmed: false, told: false },
          ],
        },
      ],
      addingMembers: true,
    });
    const text = textOf(html);
    expect(text).toContain("आपकी टीम Byte Squad : अधूरी: 6 में से 4 सदस्य");
    expect(text).toContain("Meera : लीडर (आप)");
    expect(text).toContain("Kabir : पुष्टि कर दी");
    expect(text).toContain("Ira : अभी पुष्टि नहीं की (हमने उन्हें लिंक भेजा है)");
    // A member held for the leader's word (or whose notice a cap held back) was sent nothing: the profile says so.
    expect(text).toContain("Dev : अभी टीम के बारे में नहीं बताया गया (हमने उन्हें कुछ नहीं भेजा है)");
    expect(html).toMatch(/href="\/hi\/sih\/team\/add-member\?team=7"[^>]*>सदस्य जोड़ें</);
    expect(text).toContain("कोई फ़ोटो नहीं है।");
  });
});

describe("/hi/userProfile/delete", () => {
  it("sends a visitor who is not signed in to the Hindi login", async () => {
    const result = (await caught(deleteLoader(routeArgs(get("/hi/userProfile/delete"))))) as Response;
    expect(result.headers.get("Location")).toBe("/hi/login");
  });

  const deleteTexts = {
    en: {
      team: "Your team Byte Squad will be removed, with its members: Kabir. They will be told by e-mail.",
      keep: /href="\/userProfile"[^>]*>Keep my account</,
    },
    hi: {
      team: "आपकी टीम Byte Squad अपने सदस्यों के साथ हटा दी जाएगी: Kabir। उन्हें ईमेल से बताया जाएगा।",
      keep: /href="\/hi\/userProfile"[^>]*>मेरा अकाउंट रहने दें</,
    },
  };
  const withTeam = {
    onSite: true,
    contactEmail: "studentcouncil@example.org",
    membersTold: true,
    teams: [
      {
        id: 3,
        teamName: "Byte Squad",
        members: [
          { name: "Meera", role: "leader", confirmed: true, told: true },
          { name: "Kabir", role: "member", confirmed: true, told: true },
        ],
      },
    ],
  };

  it.each(locales)("in %s names the team that goes with its members, and keeps the way back in it", (locale) => {
    const path = localizedPath(locale, "/userProfile/delete");
    const html = renderRoute({ path, Component: DeleteAccount, loaderData: withTeam, locale });
    expect(html).toContain(deleteTexts[locale].team);
    expect(html).toMatch(deleteTexts[locale].keep);
  });

  it("says in Hindi what goes, with no English left", () => {
    const html = renderHindi("/hi/userProfile/delete", DeleteAccount, withTeam);
    expect(html).toContain(">मेरा अकाउंट डिलीट करें</h1>");
    expect(html).toContain("इससे हमेशा के लिए मिट जाएगा:");
    expect(html).not.toContain("This erases, for good");
  });

  it("where the council's own system keeps the account, says whom to write to, in Hindi", () => {
    const html = renderHindi("/hi/userProfile/delete", DeleteAccount, {
      onSite: false,
      contactEmail: "studentcouncil@example.org",
    });
    expect(textOf(html)).toContain(
      "आपका अकाउंट काउंसिल के अपने सिस्टम में रखा जाता है। उसे मिटवाने के लिए लिखें: studentcouncil@example.org ।",
    );
  });
});

describe("/hi/college-id-claim and /hi/verify-email", () => {
  it("the claim page explains itself in Hindi and leads back to the Hindi registration", () => {
    const html = renderHindi("/hi/college-id-claim", CollegeIdClaim);
    expect(html).toContain(">यह कॉलेज आईडी मेरी है</h1>");
    expect(html).toContain("किसी ने आपकी कॉलेज आईडी (College ID), यानी आपकी नामांकन संख्या (Enrollment Number),");
    expect(html).toMatch(/href="\/hi\/userProfileRegistration"[^>]*>यूज़र रजिस्ट्रेशन</);
    expect(html).not.toContain("Someone has already registered");
  });

  it("the verification link's page names the account and offers its buttons in Hindi", () => {
    const account = { collegeId: "0187HA260001", name: "Meera Joshi" };
    const live = {
      state: "valid",
      token: "abc",
      account,
      loginPath: "/hi/login?redirectTo=%2Fhi%2Fverify-email%3Ftoken%3Dabc",
    };
    const html = renderHindi(
      "/hi/verify-email",
      VerifyEmail,
      { ...live, viewer: "holder" },
      "/hi/verify-email?token=abc",
    );
    for (const shown of [
      ">अपने ईमेल पते की पुष्टि करें</h1>",
      "यह लिंक कॉलेज आईडी (College ID) 0187HA260001 वाले अकाउंट के लिए है, जो Meera Joshi के नाम से है।",
      "यह पुष्टि करने के लिए बटन दबाएँ कि यह ईमेल पता आपका है।",
      "मेरे ईमेल पते की पुष्टि करें",
      "यह अकाउंट मेरा नहीं है",
    ])
      expect(html).toContain(shown);
    expect(html).toMatch(/href="\/hi\/userProfile"[^>]*>मेरी प्रोफ़ाइल</);
    expect(html).toMatch(/href="\/hi\/login"[^>]*>लॉग इन</);
    expect(html).not.toContain("Press the button");

    const signedOut = renderHindi(
      "/hi/verify-email",
      VerifyEmail,
      { ...live, viewer: "signed-out" },
      "/hi/verify-email?token=abc",
    );
    expect(signedOut).toContain("पते की पुष्टि के लिए पहले इस अकाउंट में लॉग इन करें");
    expect(signedOut).toMatch(
      /href="\/hi\/login\?redirectTo=%2Fhi%2Fverify-email%3Ftoken%3Dabc"[^>]*>पुष्टि के लिए लॉग इन करें</,
    );
    expect(signedOut).not.toContain("मेरे ईमेल पते की पुष्टि करें</button>");
    expect(signedOut).toContain("यह अकाउंट मेरा नहीं है");
  });
});

describe("the account's answers from the server, in the language of the page the form was sent from", () => {
  const client = () => ({ headers: { "X-Client-Address": `198.51.100.${students}` } });

  const loggedOut = { en: "You have been logged out.", hi: "आप लॉग आउट हो गए हैं।" };

  it.each(locales)(
    "Logout on the profile in %s goes to that language's home page and says so in it",
    async (locale) => {
      const { cookie } = await student();
      const logout = await profileAction(
        routeArgs(post(localizedPath(locale, "/userProfile"), { intent: "logout" }, { cookie, ...client() })),
      );
      const home = localizedPath(locale, "/");
      expect(await redirectOf(logout, home)).toMatchObject({
        location: home,
        toast: { message: loggedOut[locale], type: "success" },
      });
    },
  );

  it("a forged intent is refused in Hindi with a 400", async () => {
    const { cookie } = await student();
    const result = await profileAction(
      routeArgs(post("/hi/userProfile", { intent: "erase" }, { cookie, ...client() })),
    );
    const { status, reply } = replyOf(result);
    expect(status).toBe(400);
    expect(reply.error?.intent).toEqual(["यह काम इस पेज पर नहीं हो सकता।"]);
  });

  it("'Send the link again' on /hi/userProfile stays on the Hindi profile with a Hindi toast", async () => {
    const { cookie } = await student();
    const result = await profileAction(
      routeArgs(post("/hi/userProfile", { intent: "send-verification" }, { cookie, ...client() })),
    );
    expect(await redirectOf(result, "/hi/userProfile")).toMatchObject({
      location: "/hi/userProfile",
      toast: { message: "हमने आपके ईमेल पते पर नया लिंक भेजा है। यह एक बार, 24 घंटे तक चलेगा।" },
    });
  });

  it("the verification link's page says in Hindi what is wrong with a link, and confirms into the Hindi profile", async () => {
    const incomplete = replyOf(await verifyAction(routeArgs(post("/hi/verify-email", { token: " " }, client()))));
    expect(incomplete.status).toBe(400);
    expect(incomplete.reply.error?.token).toEqual(["यह लिंक पूरा नहीं है। ईमेल से लिंक दोबारा खोलें।"]);

    const { email, cookie } = await student();
    const token = await verificationTokenFor(email);
    const signedOut = replyOf(await verifyAction(routeArgs(post("/hi/verify-email", { token: token! }, client()))));
    expect(signedOut.status).toBe(403);
    expect(signedOut.reply.error?.[""]?.[0]).toMatch(/^पहले उस अकाउंट में लॉग इन करें जिसके लिए यह लिंक है/);
    const confirmed = await verifyAction(
      routeArgs(post("/hi/verify-email", { token: token! }, { cookie, ...client() })),
    );
    expect(await redirectOf(confirmed, "/hi/userProfile")).toMatchObject({
      location: "/hi/userProfile",
      toast: { message: "आपके ईमेल पते की पुष्टि हो गई।" },
    });
    const used = replyOf(
      await verifyAction(routeArgs(post("/hi/verify-email", { token: token! }, { cookie, ...client() }))),
    );
    expect(used.reply.error?.[""]).toEqual([
      "यह लिंक पहले ही इस्तेमाल हो चुका है। अगर आपके पते की पुष्टि हो गई है, तो आपकी प्रोफ़ाइल में यही लिखा है।",
    ]);
  });

  it("a link the page cannot confirm is explained in Hindi on the page itself", () => {
    const html = renderHindi("/hi/verify-email", VerifyEmail, { state: "expired", token: "" });
    expect(html).toContain("इस लिंक का समय खत्म हो गया है (लिंक 24 घंटे तक चलते हैं)।");
    expect(html).not.toContain("This link has expired");
  });

  it("'Add a member' sends a visitor who is not signed in to the Hindi login", async () => {
    const result = (await caught(addMemberLoader(routeArgs(get("/hi/sih/team/add-member?team=1"))))) as Response;
    expect(result.headers.get("Location")).toBe("/hi/login");
  });
});
