import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { suggestionConstraint } from "~/forms/suggestion";
import { createSuggestionSchema } from "~/forms/suggestion-schema";
import { en } from "~/i18n/catalogue/en";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { pageTextsIn } from "~/seo/page-text";
import { publicSite } from "~/content/content.server";
import { formFailed } from "../support/form-answers";
import { metaOfPage } from "../support/page-meta";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SuggestionPage, { action } from "~/routes/suggestion";
import { type FormReply as Reply, post, redirectOf, renderRoute, routeArgs, toastAfter } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(() => fake.reset());
afterEach(() => {
  vi.useRealTimers();
});

const validSuggestion = {
  name: "Ravi Kumar",
  enrollment: "0187IT221042",
  college: "TIT",
  problem: "The library closes at 5 pm, before most labs end.",
  solution: "Keep the reading room open until 8 pm on weekdays.",
};

type Fields = Partial<Record<keyof typeof validSuggestion | "website", string>>;

/** The form sent from its page in `locale` (/suggestion or /hi/suggestion). */
const postSuggestion = (fields: Fields, locale: Locale = "en") =>
  routeArgs(post(localizedPath(locale, "/suggestion"), fields));

/** The form's answers in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const said = {
  en: {
    missing: {
      name: ["Please enter your name."],
      enrollment: ["Please enter your enrollment number."],
      college: ["Please enter your college."],
      problem: ["Please describe the problem."],
      solution: ["Please share your suggestion or solution."],
    },
    problemTooLong: "Describe the problem must be 2000 characters or fewer.",
    sent: "Suggestion submitted successfully!",
  },
  hi: {
    missing: {
      name: ["अपना नाम लिखें।"],
      enrollment: ["अपनी नामांकन संख्या लिखें।"],
      college: ["अपने कॉलेज का नाम लिखें।"],
      problem: ["समस्या बताएँ।"],
      solution: ["अपना सुझाव या हल बताएँ।"],
    },
    problemTooLong: "समस्या बताएँ में 2000 से ज़्यादा अक्षर नहीं हो सकते।",
    sent: "सुझाव सफलतापूर्वक भेज दिया गया!",
  },
};

/** Nothing leaves the site: no backend method was called. */
function nothingForwarded() {
  expect(fake.calledMethods()).toEqual([]);
}

const renderSuggestion = (actionData?: SubmissionResult<string[]>) =>
  renderRoute({ path: "/suggestion", Component: SuggestionPage, actionData });

describe("/suggestion page", () => {
  it("marks every field required, as the schema does, before the schema has loaded", () => {
    expect(suggestionConstraint).toEqual(getZodConstraint(createSuggestionSchema(en.forms)));
    const html = renderSuggestion();
    for (const name of ["name", "enrollment", "college", "problem", "solution"]) {
      const tag = new RegExp(`<(input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
      expect(tag).toMatch(/\brequired\b/);
    }
  });

  it("shows 'Suggestion Box', its introduction, the five labelled fields and 'Submit Suggestion'", () => {
    const html = renderSuggestion();
    expect(html).toMatch(/<h1[^>]*>Suggestion Box<\/h1>/);
    expect(html).toContain("Share your problems and suggestions to help improve our council.");
    const labels = [...html.matchAll(/<label for="[^"]+"[^>]*>([^<]+)<\/label>/g)].map((match) => match[1]);
    expect(labels.filter((label) => label !== "Leave this field empty")).toEqual([
      "Your Name",
      "Enrollment Number",
      "College",
      "Describe the problem",
      "Your suggestion or solution",
    ]);
    // The problem and the solution are multi-line, 4 rows each.
    expect(html).toMatch(/<textarea rows="4"[^>]*name="problem"/);
    expect(html).toMatch(/<textarea rows="4"[^>]*name="solution"/);
    expect(html).toMatch(/<input[^>]*name="college"[^>]*type="text"|<input[^>]*type="text"[^>]*name="college"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Submit Suggestion<\/button>/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("has its own title and description", () => {
    const tags = metaOfPage("/suggestion")({
      matches: [{ loaderData: { site: publicSite, pages: pageTextsIn("en") } }],
    });
    expect(tags).toContainEqual({ title: "Suggestion Box | Student Council" });
    expect(tags).toContainEqual({
      name: "description",
      content: "Share your problems and suggestions to help improve our council.",
    });
  });
});

describe("/suggestion submissions", () => {
  it.each(locales)(
    "in %s: requires all five fields, each with its own message, and nothing is sent",
    async (locale) => {
      const result = (await action(postSuggestion({}, locale))) as Reply;
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toEqual(said[locale].missing);
      nothingForwarded();
    },
  );

  it.each(locales)("in %s: caps a field's length, naming it by its label", async (locale) => {
    const result = (await action(postSuggestion({ ...validSuggestion, problem: "p".repeat(2001) }, locale))) as Reply;
    expect(result.data.error).toEqual({ problem: [said[locale].problemTooLong] });
  });

  it.each(locales)("in %s: comes back to its page with the confirmation, or says it failed", async (locale) => {
    const page = localizedPath(locale, "/suggestion");
    expect(await redirectOf(await action(postSuggestion(validSuggestion, locale)), page)).toMatchObject({
      location: page,
      toast: { type: "success", message: said[locale].sent },
    });
    fake.answers.sendSuggestion = { ok: false, reason: "unavailable" };
    const failed = (await action(postSuggestion(validSuggestion, locale))) as Reply;
    expect(failed.data.error?.[""]).toEqual([formFailed[locale]]);
  });

  it("refuses a field of only spaces and keeps the other entries on the page", async () => {
    const result = (await action(postSuggestion({ ...validSuggestion, problem: "   " }))) as Reply;
    expect(result.data.error).toEqual({ problem: ["Please describe the problem."] });
    const html = renderSuggestion(result.data);
    expect(html).toContain('value="Ravi Kumar"');
    expect(html).toContain("Keep the reading room open until 8 pm on weekdays.</textarea>");
    expect(html).toMatch(/<p id="[^"]*problem[^"]*"[^>]*>Please describe the problem.<\/p>/);
  });

  it("caps the short fields at 200 characters and the long ones at 2000", async () => {
    const result = (await action(
      postSuggestion({ ...validSuggestion, college: "C".repeat(201), solution: "s".repeat(2001) }),
    )) as Reply;
    expect(result.data.error).toEqual({
      college: ["College must be 200 characters or fewer."],
      solution: ["Your suggestion or solution must be 2000 characters or fewer."],
    });
  });

  it("confirms with 'Suggestion submitted successfully!' on an emptied /suggestion after the simulated 500 ms, handing it to the store once", async () => {
    // The delay is counted on a fake clock: the answer must not come before 500 ms have passed, and must come then.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    let answered = false;
    const answering = action(postSuggestion(validSuggestion)).finally(() => {
      answered = true;
    });
    // Lets the action run as far as it can without the clock moving (reading the form, signing the cookie).
    const runWhileTheClockStands = async () => {
      for (let turn = 0; turn < 200 && !answered; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    await runWhileTheClockStands();
    await vi.advanceTimersByTimeAsync(499);
    await runWhileTheClockStands();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { status, location, toast } = await redirectOf(await answering);
    expect({ status, location }).toEqual({ status: 302, location: "/suggestion" });
    expect(toast).toMatchObject({ type: "success", message: "Suggestion submitted successfully!" });
    expect(toast).not.toHaveProperty("duration");
    // Kept for the council inbox (decision 0008) by the store, which alone decides whether to keep it.
    expect(fake.calls.sendSuggestion).toEqual([validSuggestion]);
  });

  it("when the suggestion cannot be kept: 'Failed to submit. Try again.' with the entries kept, and no confirmation", async () => {
    const { answers } = fake;
    answers.sendSuggestion = { ok: false, reason: "unavailable" };
    const result = (await action(postSuggestion(validSuggestion))) as Reply;
    expect(result.init?.status).toBe(503);
    expect(result.data.error).toEqual({ "": ["Failed to submit. Try again."] });
    const html = renderSuggestion(result.data);
    expect(html).toContain('value="Ravi Kumar"');
    expect(html).toMatch(/role="alert"[^>]*><p>Failed to submit. Try again.<\/p>/);
  });

  it("answers a filled honeypot with the same confirmation", async () => {
    const response = (await action(postSuggestion({ website: "spam" }))) as Response;
    expect(response.headers.get("Location")).toBe("/suggestion");
    expect(await toastAfter(response)).toMatchObject({ message: "Suggestion submitted successfully!" });
    nothingForwarded();
  });

  it("refuses a body over the size limit with 413", async () => {
    const thrown = await action(postSuggestion({ ...validSuggestion, problem: "p".repeat(70 * 1024) })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 413 } });
  });
});
