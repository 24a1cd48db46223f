import type { SubmissionResult } from "@conform-to/react";
import { readFileSync } from "node:fs";
import { parse, serialize, type DefaultTreeAdapterMap } from "parse5";
import type { RouterContextProvider } from "react-router";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { pageTextsIn } from "~/seo/page-text";
import { publicSite } from "~/content/content.server";
import { metaOfPage } from "../support/page-meta";
import { beforeEach, describe, expect, it } from "vitest";
import { action as ideasAction } from "~/routes/ideas";
import { joinToastDurationMs } from "~/forms/join";
import JoinPage, { action, loader } from "~/routes/join";
import { action as suggestionAction } from "~/routes/suggestion";
import { limitPolicies, limits } from "~/server/requests/limits.server";
import { joinFormFields } from "../backend/samples";
import {
  type FormReply as Reply,
  post,
  redirectOf,
  renderDocument,
  renderRoute,
  routeArgs,
  toastAfter,
} from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(() => fake.reset());

const validApplication = joinFormFields("asha.verma@example.org", "0187CS211001");

/** The form's messages in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const messages = {
  en: {
    terms: "Please accept the terms & conditions.",
    phone: "Invalid phone number.",
    email: "Invalid email address.",
    missing: {
      name: ["Please enter your full name."],
      email: ["Please enter your email address."],
      phone: ["Please enter your phone number."],
      enrollment: ["Please enter your enrollment number."],
      dob: ["Please enter your date of birth."],
      gender: ["Please select your gender."],
      college: ["Please select your college."],
      department: ["Please select your department."],
      year: ["Please select your year of study."],
      club: ["Please select a club."],
      motivation: ["Please tell us why you want to join."],
      terms: ["Please accept the terms & conditions."],
    },
    tooLong: {
      name: "Full Name must be 200 characters or fewer.",
      motivation: "Why do you want to join? must be 2000 characters or fewer.",
    },
    sent: "Form submitted successfully!",
  },
  hi: {
    terms: "नियम और शर्तें (terms & conditions) स्वीकार करें।",
    phone: "फ़ोन नंबर सही नहीं है।",
    email: "ईमेल पता सही नहीं है।",
    missing: {
      name: ["अपना पूरा नाम लिखें।"],
      email: ["अपना ईमेल पता लिखें।"],
      phone: ["अपना फ़ोन नंबर लिखें।"],
      enrollment: ["अपनी नामांकन संख्या लिखें।"],
      dob: ["अपनी जन्म तिथि लिखें।"],
      gender: ["अपना लिंग चुनें।"],
      college: ["अपना कॉलेज चुनें।"],
      department: ["अपना विभाग चुनें।"],
      year: ["अपनी पढ़ाई का वर्ष चुनें।"],
      club: ["एक क्लब चुनें।"],
      motivation: ["बताएँ कि आप क्यों जुड़ना चाहते हैं।"],
      terms: ["नियम और शर्तें (terms & conditions) स्वीकार करें।"],
    },
    tooLong: {
      name: "पूरा नाम में 200 से ज़्यादा अक्षर नहीं हो सकते।",
      motivation: "आप काउंसिल से क्यों जुड़ना चाहते हैं? में 2000 से ज़्यादा अक्षर नहीं हो सकते।",
    },
    sent: "फ़ॉर्म सफलतापूर्वक भेज दिया गया!",
  },
};

type Fields = Partial<Record<keyof typeof validApplication | "website", string>>;

/**
 * A form post as the browser sends it, from the page in `locale` (/join or /hi/join); `undefined` leaves a field out
 * (an unticked checkbox sends nothing).
 */
const postJoin = (fields: Fields, headers?: Record<string, string>, locale: Locale = "en") =>
  routeArgs(post(localizedPath(locale, "/join"), fields, { headers }));

/** Runs the action on a submission that must be refused, and returns the reply the page re-renders from. */
async function refused(fields: Fields, locale: Locale = "en") {
  const args = postJoin(fields, undefined, locale);
  const result = (await action(args)) as Reply;
  expect(result).not.toBeInstanceOf(Response);
  return {
    status: result.init?.status,
    reply: result.data,
    formMessage: result.data.error?.[""],
    errors: result.data.error ?? {},
    context: args.context,
  };
}

const renderJoin = (actionData?: SubmissionResult<string[]>) =>
  renderRoute({ path: "/join", Component: JoinPage, loaderData: loader(), actionData });

/** The whole page the answer brings back without scripts, the site's toast area included (`context`: the action's). */
const renderJoinDocument = (actionData: SubmissionResult<string[]>, context: RouterContextProvider) =>
  renderDocument({ path: "/join", Component: JoinPage, loaderData: loader(), actionData }, context);

type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** The document's toast areas (elements with id="toasts"), each as its inner HTML. */
function toastAreas(html: string) {
  const areas: string[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!("tagName" in child)) continue;
      if (child.attrs.some((attribute) => attribute.name === "id" && attribute.value === "toasts")) {
        areas.push(serialize(child));
      }
      visit(child);
    }
  };
  visit(parse(html));
  return { count: areas.length, content: areas.join("") };
}

describe("/join page", () => {
  it("the loader gives the site name, the 19 club names and yesterday as the latest date of birth to offer", () => {
    const data = loader();
    expect(data.product).toBe("Student Council");
    expect(data.clubNames).toHaveLength(19);
    expect(data.clubNames).toContain("Coding Club");
    expect(data.clubNames).toContain("WINGS (Women Inspiring Growth & Success)");
    // Yesterday in India (UTC+05:30), where the site keeps its calendar.
    const yesterday = new Date(Date.now() + 330 * 60_000 - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(data.latestBirthDate).toBe(yesterday);
  });

  it("shows 'Join the Student Council' and the specified fields, in order, each with its label", () => {
    const html = renderJoin();
    expect(html).toMatch(/<h1[^>]*>Join the Student Council<\/h1>/);
    // A label's text, whatever it holds (the terms' label holds a link to the privacy notice).
    const labels = [...html.matchAll(/<label for="[^"]+"[^>]*>([\s\S]*?)<\/label>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, ""),
    );
    expect(html).toMatch(/<label[^>]*>I accept all <a[^>]*href="\/privacy"[^>]*>terms and conditions<\/a><\/label>/);
    expect(labels.filter((label) => label !== "Leave this field empty")).toEqual([
      "Full Name",
      "Email",
      "Phone Number",
      "Enrollment Number",
      "Date of Birth",
      "Gender",
      "College",
      "Department",
      "Year of Study",
      "Club",
      "Why do you want to join?",
      "I accept all terms and conditions",
    ]);
    expect(html).toContain(">+91</span>");
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="dob"|<input[^>]*name="dob"[^>]*type="date"/);
    expect(html).toMatch(/<textarea[^>]*name="motivation"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Submit Application<\/button>/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("offers the specified genders (Other reads 'Prefer not to say'), colleges, departments, years and every club", () => {
    const html = renderJoin();
    const options = (name: string) => {
      const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`))![1]!;
      return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)]
        .filter((match) => match[1] !== "")
        .map((match) => [match[1], match[2]]);
    };
    expect(options("gender")).toEqual([
      ["Male", "Male"],
      ["Female", "Female"],
      ["Other", "Prefer not to say"],
    ]);
    expect(options("college").map(([value]) => value)).toEqual(["TIT", "TITE", "TITS", "TIT-CSE"]);
    expect(options("department").map(([value]) => value)).toEqual([
      "CSE",
      "CSE AIML",
      "CSE AI",
      "CSE DS",
      "CSE AIDS",
      "CSE Cyber",
      "CSE IoT",
      "IT",
      "EX",
      "EC",
      "ME",
      "CE",
      "B.Pharm",
      "MBA",
      "Law",
    ]);
    expect(options("year").map(([value]) => value)).toEqual(["1st Year", "2nd Year", "3rd Year", "4th Year"]);
    expect(options("club")).toHaveLength(19);
    expect(options("club").map(([, label]) => label)).toContain("Coding Club");
  });

  it("says under the date of birth how to type it where there is no date picker, named by the field's description", () => {
    const html = renderJoin();
    const describedBy = /<input[^>]*name="dob"[^>]*>/.exec(html)?.[0].match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toMatch(
      new RegExp(
        `id="${describedBy}"[^>]*><span data-without-date-picker="">No calendar\\? Type it day first, e.g. 05/09/2004.<`,
      ),
    );
  });

  it("has its own title and description", () => {
    const tags = metaOfPage("/join")({
      matches: [{ loaderData: { site: publicSite, pages: pageTextsIn("en") } }],
    });
    expect(tags).toContainEqual({ title: "Join the Council | Student Council" });
    expect(tags.find((tag) => "name" in tag && tag.name === "description")).toBeDefined();
  });

  it("leaves `required` off the terms checkbox so the specified warning, not the browser's, answers an unticked box", () => {
    const html = renderJoin();
    const checkbox = html.match(/<input[^>]*name="terms"[^>]*>/)![0];
    expect(checkbox).toContain('type="checkbox"');
    expect(checkbox).not.toMatch(/\brequired\b/);
    expect(html.match(/<input[^>]*name="name"[^>]*>/)![0]).toMatch(/\brequired\b/);
  });

  it("re-renders a refused form with the entries kept, each error by its field and the first rule's message by the button", async () => {
    const { reply, context } = await refused({
      ...validApplication,
      terms: undefined,
      phone: "5123456789",
      name: "Ravi Kumar",
    });
    const html = await renderJoinDocument(reply, context);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Ravi Kumar"|<input[^>]*value="Ravi Kumar"[^>]*name="name"/);
    expect(html).toContain('value="5123456789"');
    expect(html).toMatch(/<div[^>]*role="alert"[^>]*><p>Please accept the terms &amp; conditions.<\/p><\/div>/);
    expect(html).toMatch(/<p id="[^"]*phone[^"]*"[^>]*>Invalid phone number.<\/p>/);
    // The same message as a warning toast in the site's one toast area, closing after 4 seconds: a duration the
    // stylesheet names, as the page may carry no inline style.
    const toasts = toastAreas(html);
    expect(toasts.count).toBe(1);
    expect(toasts.content).toMatch(
      new RegExp(`data-toast-type="warning"[^>]*data-toast-duration="${joinToastDurationMs}"`),
    );
    expect(toasts.content).toContain("Please accept the terms &amp; conditions.");
    expect(readFileSync("app/app.css", "utf8")).toContain(
      `.toast[data-toast-duration="${joinToastDurationMs}"] {\n  animation-duration: ${joinToastDurationMs}ms;`,
    );
  });
});

describe("/join messages on the page", () => {
  it("has one toast area, the site's, as loaded and when a refused application comes back holding its toast", async () => {
    expect(renderJoin(), "the form brings no toast area of its own").not.toMatch(/\bid="toasts"/);
    expect(toastAreas(await renderDocument({ path: "/join", Component: JoinPage, loaderData: loader() })).count).toBe(
      1,
    );

    const { reply, context } = await refused({ ...validApplication, email: "asha.verma@example" });
    const toasts = toastAreas(await renderJoinDocument(reply, context));
    expect(toasts.count).toBe(1);
    expect(toasts.content).toMatch(/data-toast-type="error".*Invalid email address\./);
  });

  it.each([
    ["+91 98765 43210", "9876543210"],
    ["+91-98765-43210", "9876543210"],
    ["919876543210", "9876543210"],
    ["+91 98765", "98765"],
    ["98765 432101", "98765 432101"],
    ["5123456789", "5123456789"],
  ])("puts %j back into a refused form's phone field as %j, after the +91 the field shows", async (typed, shown) => {
    const { reply } = await refused({ ...validApplication, phone: typed, email: "asha.verma@example" });
    expect(/<input[^>]*name="phone"[^>]*>/.exec(renderJoin(reply))?.[0]).toContain(`value="${shown}"`);
  });
});

describe.each(locales)(
  "/join in %s: the rules in order, each message in the page's language, and the confirmation",
  (locale) => {
    const said = messages[locale];

    it("terms unticked, bad phone and bad email: the form says to accept the terms first", async () => {
      const { status, formMessage, errors } = await refused(
        { ...validApplication, terms: undefined, phone: "12345", email: "not-an-email" },
        locale,
      );
      expect(status).toBe(400);
      expect(formMessage).toEqual([said.terms]);
      expect(errors.terms).toEqual([said.terms]);
      expect(errors.phone).toEqual([said.phone]);
      expect(errors.email).toEqual([said.email]);
    });

    it("terms ticked, bad phone and bad email: the form says the phone number is wrong", async () => {
      const { formMessage, errors } = await refused(
        { ...validApplication, phone: "12345", email: "not-an-email" },
        locale,
      );
      expect(formMessage).toEqual([said.phone]);
      expect(errors.terms).toBeUndefined();
      expect(errors.email).toEqual([said.email]);
    });

    it("terms ticked, good phone, bad email: the form says the address is wrong", async () => {
      const { formMessage, errors } = await refused({ ...validApplication, email: "asha@example" }, locale);
      expect(formMessage).toEqual([said.email]);
      expect(Object.keys(errors).sort()).toEqual(["", "email"]);
    });

    it("an unticked box alone is refused with the terms' message and nothing is sent", async () => {
      const { formMessage } = await refused({ ...validApplication, terms: undefined }, locale);
      expect(formMessage).toEqual([said.terms]);
      expect(fake.calls.applyToCouncil).toHaveLength(0);
    });

    it("other missing fields show their own messages but no form message when terms, phone and email are fine", async () => {
      const { formMessage, errors } = await refused({ ...validApplication, club: "", motivation: "" }, locale);
      expect(formMessage).toBeUndefined();
      expect(errors.club).toEqual(said.missing.club);
      expect(errors.motivation).toEqual(said.missing.motivation);
    });

    it("an empty form names every missing field in its own words", async () => {
      const { errors, formMessage } = await refused({ terms: undefined }, locale);
      expect(errors).toMatchObject(said.missing);
      expect(formMessage).toEqual([said.terms]);
    });

    it("caps the text fields, naming the field by its label: 200 characters for a name, 2000 for the motivation", async () => {
      const { errors } = await refused(
        { ...validApplication, name: "A".repeat(201), motivation: "m".repeat(2001) },
        locale,
      );
      expect(errors.name).toEqual([said.tooLong.name]);
      expect(errors.motivation).toEqual([said.tooLong.motivation]);
      await action(postJoin({ ...validApplication, name: "A".repeat(200), motivation: "m".repeat(2000) }, {}, locale));
      expect(fake.calls.applyToCouncil).toHaveLength(1);
    });

    it("sends the application and redirects to the home page in its language, where the confirmation shows 4 s", async () => {
      const home = localizedPath(locale, "/");
      expect(await redirectOf(await action(postJoin(validApplication, {}, locale)), home)).toMatchObject({
        status: 302,
        location: home,
        toast: { type: "success", message: said.sent, duration: 4000 },
      });
      // As the form sent it, but for the phone written the one way and the ticked box read as true.
      expect(fake.calls.applyToCouncil).toEqual([{ ...validApplication, phone: "+919876543210", terms: true }]);
    });
  },
);

describe("/join phone (10 digits, the first 6 to 9)", () => {
  it("join refuses a phone starting with 5 with 'Invalid phone number.'", async () => {
    const { errors } = await refused({ ...validApplication, phone: "5123456789" });
    expect(errors.phone).toEqual(["Invalid phone number."]);
  });

  it.each([
    "987654321",
    "98765432101",
    "+91 98765 432109",
    "+1 9876543210",
    "98765abcde",
    "0987654321",
    "9".repeat(40),
  ])("join refuses %s with 'Invalid phone number.'", async (phone) => {
    const { errors } = await refused({ ...validApplication, phone });
    expect(errors.phone).toEqual(["Invalid phone number."]);
  });

  it.each(["9876543210", "6000000000", "7123456789", "8123456789", "9112345678"])("join accepts %s", async (phone) => {
    const result = await action(postJoin({ ...validApplication, phone }));
    expect(result).toBeInstanceOf(Response);
    expect(fake.calls.applyToCouncil[0]?.phone).toBe(`+91${phone}`);
  });

  it.each([" 98765 43-210 ", "+91 98765 43210", "+919876543210", "919876543210", "098765 43210", "(98765) 43210"])(
    "join accepts %j, written the ways students write it, and stores +919876543210",
    async (phone) => {
      const result = await action(postJoin({ ...validApplication, phone }));
      expect(result).toBeInstanceOf(Response);
      expect(fake.calls.applyToCouncil[0]?.phone).toBe("+919876543210");
    },
  );
});

describe("/join other rules", () => {
  it("a name of only spaces counts as missing", async () => {
    const { errors } = await refused({ ...validApplication, name: "   " });
    expect(errors.name).toEqual(["Please enter your full name."]);
  });

  it("refuses a date of birth in the future, today, before 1900 or that does not exist", async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    // Today as the students in India count it (UTC+05:30).
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await refused({ ...validApplication, dob: `${nextYear}-01-15` })).errors.dob).toEqual([
      "Date of birth must be in the past.",
    ]);
    expect((await refused({ ...validApplication, dob: today })).errors.dob).toEqual([
      "Date of birth must be in the past.",
    ]);
    expect((await refused({ ...validApplication, dob: "1899-12-31" })).errors.dob).toEqual([
      "Date of birth cannot be before 1900.",
    ]);
    expect((await refused({ ...validApplication, dob: "2004-02-30" })).errors.dob).toEqual([
      "Please enter a valid date of birth.",
    ]);
    expect((await refused({ ...validApplication, dob: "31/02/2004" })).errors.dob).toEqual([
      "Please enter a valid date of birth.",
    ]);
    expect((await refused({ ...validApplication, dob: "the fifth of May, two thousand and four" })).errors.dob).toEqual(
      ["Please enter a valid date of birth."],
    );
  });

  it("accepts a date of birth typed day first, 05/09/2004, as a browser without a date picker sends it, and stores 2004-09-05", async () => {
    const result = await action(postJoin({ ...validApplication, dob: "05/09/2004" }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect(fake.calls.applyToCouncil[0]?.dob).toBe("2004-09-05");
  });

  it("refuses a club, department, college, year or gender that is not on the lists", async () => {
    const { errors } = await refused({
      ...validApplication,
      club: "Chess Club",
      department: "CSE Blockchain",
      college: "IIT",
      year: "5th Year",
      gender: "Prefer not to say",
    });
    expect(errors).toMatchObject({
      club: ["Please select a club."],
      department: ["Please select your department."],
      college: ["Please select your college."],
      year: ["Please select your year of study."],
      gender: ["Please select your gender."],
    });
  });

  it("accepts 'Other' as the gender shown as 'Prefer not to say'", async () => {
    await action(postJoin({ ...validApplication, gender: "Other" }));
    expect(fake.calls.applyToCouncil[0]?.gender).toBe("Other");
  });

  it("refuses a body over the size limit with 413 before reading it", async () => {
    const thrown = await action(postJoin({ ...validApplication, motivation: "m".repeat(70 * 1024) })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 413 } });
    expect(fake.calls.applyToCouncil).toHaveLength(0);
  });
});

describe("/join's rate limit", () => {
  it("counts apart from ideas and suggestions: past 30 applications from one address, 429, while the other forms still take entries", async () => {
    await limits.reset();
    const from = { "X-Client-Address": "198.51.100.23" };
    expect(limitPolicies.join.points).toBe(30);
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect(((await action(postJoin(validApplication, from))) as Response).status).toBe(302);
    const refusedJoin = (await action(postJoin(validApplication, from))) as Reply;
    expect(refusedJoin.init?.status).toBe(429);

    const postFrom = (path: string, fields: Record<string, string>) => routeArgs(post(path, fields, { headers: from }));
    const idea = { name: "Asha", enrollment: "0101CS1", college: "TIT", title: "Bikes", description: "d", impact: "i" };
    const suggestion = { name: "Asha", enrollment: "0101CS1", college: "TIT", problem: "p", solution: "s" };
    expect(((await ideasAction(postFrom("/ideas", idea))) as Response).status).toBe(302);
    expect(((await suggestionAction(postFrom("/suggestion", suggestion))) as Response).status).toBe(302);
    expect(fake.calls.shareIdea).toHaveLength(1);
    expect(fake.calls.sendSuggestion).toHaveLength(1);
    await limits.reset();
  });
});

describe("/join outcomes", () => {
  it("a rejected application stays on /join with 'Failed to submit. Try again.' and the entries echoed back (502)", async () => {
    fake.answers.applyToCouncil = { ok: false, reason: "rejected" };
    const args = postJoin(validApplication);
    const result = (await action(args)) as Reply;
    expect(result).not.toBeInstanceOf(Response);
    expect(result.init?.status).toBe(502);
    expect(result.data.error?.[""]).toEqual(["Failed to submit. Try again."]);
    expect(result.data.initialValue).toMatchObject({
      name: "Asha Verma",
      email: "asha.verma@example.org",
      phone: "9876543210",
      club: "Coding Club",
      terms: "on",
    });

    // The page shows it by the button and as an error toast.
    const html = await renderJoinDocument(result.data, args.context);
    expect(html).toMatch(/role="alert"[^>]*><p>Failed to submit. Try again.<\/p>/);
    expect(toastAreas(html).content).toMatch(/data-toast-type="error".*Failed to submit. Try again./);
    expect(html).toContain('value="asha.verma@example.org"');
  });

  it("a second application from the same student is refused (409) with the store's reason, entries kept", async () => {
    const reason =
      "We already have your application, received on 3 Nov 2026, 14:05 IST. The council will get back to you about it: there is no need to apply again.";
    fake.answers.applyToCouncil = {
      ok: false,
      reason: "rejected",
      refusal: { code: "alreadyApplied", date: new Date("2026-11-03T08:35:00Z") },
    };
    const args = postJoin(validApplication);
    const result = (await action(args)) as Reply;
    expect(result.init?.status).toBe(409);
    expect(result.data.error?.[""]).toEqual([reason]);
    const html = await renderJoinDocument(result.data, args.context);
    expect(html).toContain("We already have your application, received on 3 Nov 2026, 14:05 IST.");
    expect(toastAreas(html).content).toMatch(/data-toast-type="error".*We already have your application/);
    expect(html).toContain('value="asha.verma@example.org"');
  });

  it("an unreachable backend answers 503 with 'Failed to submit. Try again.'", async () => {
    fake.answers.applyToCouncil = { ok: false, reason: "unavailable" };
    const result = (await action(postJoin(validApplication))) as Reply;
    expect(result.init?.status).toBe(503);
    expect(result.data.error?.[""]).toEqual(["Failed to submit. Try again."]);
  });

  it("a filled honeypot gets the same success redirect and nothing is sent", async () => {
    const result = (await action(
      postJoin({ ...validApplication, phone: "123", website: "http://spam.example" }),
    )) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
    expect(await toastAfter(result)).toMatchObject({ message: "Form submitted successfully!" });
    expect(fake.calls.applyToCouncil).toHaveLength(0);
  });
});
