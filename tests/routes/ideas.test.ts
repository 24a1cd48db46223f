import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { ideaConstraint } from "~/forms/ideas";
import { createIdeaSchema } from "~/forms/ideas-schema";
import { en } from "~/i18n/catalogue/en";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import { pageTextsIn } from "~/seo/page-text";
import { publicSite } from "~/content/content.server";
import { formFailed } from "../support/form-answers";
import { metaOfPage } from "../support/page-meta";
import { beforeEach, describe, expect, it } from "vitest";
import IdeasPage, { action } from "~/routes/ideas";
import { type FormReply as Reply, post, redirectOf, renderRoute, routeArgs, toastAfter } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(() => fake.reset());

const validIdea = {
  name: "Meera Joshi",
  enrollment: "0187CS231007",
  college: "Technocrats Institute of Technology",
  title: "Campus lost-and-found board",
  description: "A shared online board where anyone can post found items with a photo and the place they left them.",
  impact: "Lost ID cards and calculators get back to their owners within a day.",
};

type Fields = Partial<Record<keyof typeof validIdea | "website", string>>;

/** The form sent from its page in `locale` (/ideas or /hi/ideas). */
const postIdea = (fields: Fields, locale: Locale = "en") => routeArgs(post(localizedPath(locale, "/ideas"), fields));

/** The form's answers in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const said = {
  en: {
    missing: {
      name: ["Please enter your name."],
      enrollment: ["Please enter your enrollment number."],
      college: ["Please enter your college name."],
      title: ["Please give your idea a title."],
      description: ["Please describe your idea."],
      impact: ["Please describe the impact or change your idea will bring."],
    },
    sent: "Idea submitted successfully! 🚀",
  },
  hi: {
    missing: {
      name: ["अपना नाम लिखें।"],
      enrollment: ["अपनी नामांकन संख्या लिखें।"],
      college: ["अपने कॉलेज का नाम लिखें।"],
      title: ["अपने आइडिया को एक शीर्षक दें।"],
      description: ["अपना आइडिया बताएँ।"],
      impact: ["बताएँ कि आपके आइडिया से क्या असर या बदलाव आएगा।"],
    },
    sent: "आइडिया सफलतापूर्वक भेज दिया गया! 🚀",
  },
};

/** Nothing leaves the site: no backend method was called. */
function nothingForwarded() {
  expect(fake.calledMethods()).toEqual([]);
}

const renderIdeas = (actionData?: SubmissionResult<string[]>) =>
  renderRoute({ path: "/ideas", Component: IdeasPage, actionData });

describe("/ideas page", () => {
  it("marks every field required, as the schema does, before the schema has loaded", () => {
    expect(ideaConstraint).toEqual(getZodConstraint(createIdeaSchema(en.forms)));
    const html = renderIdeas();
    for (const name of ["name", "enrollment", "college", "title", "description", "impact"]) {
      const tag = new RegExp(`<(input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
      expect(tag).toMatch(/\brequired\b/);
    }
  });

  it("shows the six specified fields, each labelled, the description with its placeholder", () => {
    const html = renderIdeas();
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    const labels = [...html.matchAll(/<label for="[^"]+"[^>]*>([^<]+)<\/label>/g)].map((match) => match[1]);
    expect(labels.filter((label) => label !== "Leave this field empty")).toEqual([
      "Your Name",
      "Enrollment Number",
      "College Name",
      "Title of Your Idea",
      "Describe your idea",
      "What impact or change will this idea bring?",
    ]);
    const description = html.match(/<textarea[^>]*name="description"[^>]*>/)![0];
    expect(description).toContain('placeholder="Describe your idea in detail..."');
    expect(html).toMatch(/<textarea[^>]*name="impact"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("has its own title and description", () => {
    const tags = metaOfPage("/ideas")({
      matches: [{ loaderData: { site: publicSite, pages: pageTextsIn("en") } }],
    });
    const title = tags.find((tag) => "title" in tag) as { title: string } | undefined;
    expect(title?.title).toMatch(/^Ideas.* \| Student Council$/);
    expect(tags.find((tag) => "name" in tag && tag.name === "description")).toBeDefined();
  });
});

describe("/ideas submissions", () => {
  it.each(locales)("in %s: requires all six fields, each with its own message, and nothing is sent", async (locale) => {
    const result = (await action(postIdea({}, locale))) as Reply;
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toEqual(said[locale].missing);
    nothingForwarded();
  });

  it.each(locales)("in %s: comes back to its page with the confirmation, or says it failed", async (locale) => {
    const page = localizedPath(locale, "/ideas");
    expect(await redirectOf(await action(postIdea(validIdea, locale)), page)).toMatchObject({
      status: 302,
      location: page,
      toast: { type: "success", message: said[locale].sent },
    });
    fake.answers.shareIdea = { ok: false, reason: "rejected" };
    expect(((await action(postIdea(validIdea, locale))) as Reply).data.error?.[""]).toEqual([formFailed[locale]]);
  });

  it("keeps the entries on the page when one field is missing", async () => {
    const result = (await action(postIdea({ ...validIdea, impact: "" }))) as Reply;
    expect(result.data.error).toEqual({ impact: ["Please describe the impact or change your idea will bring."] });
    const html = renderIdeas(result.data);
    expect(html).toContain('value="Campus lost-and-found board"');
    expect(html).toMatch(
      /<p id="[^"]*impact[^"]*"[^>]*>Please describe the impact or change your idea will bring.<\/p>/,
    );
  });

  it("accepts a one-word idea: no length or format bounds beyond a sane maximum", async () => {
    const response = await action(postIdea({ ...validIdea, title: "X", description: "Y", impact: "Z" }));
    expect(response).toBeInstanceOf(Response);
    const tooLong = (await action(
      postIdea({ ...validIdea, title: "t".repeat(201), impact: "i".repeat(2001) }),
    )) as Reply;
    expect(tooLong.data.error).toEqual({
      title: ["Title of Your Idea must be 200 characters or fewer."],
      impact: ["What impact or change will this idea bring? must be 2000 characters or fewer."],
    });
  });

  it("confirms with 'Idea submitted successfully! 🚀' on an emptied /ideas, handing the idea to the store once", async () => {
    expect(await redirectOf(await action(postIdea(validIdea)))).toMatchObject({
      status: 302,
      location: "/ideas",
      toast: { type: "success", message: "Idea submitted successfully! 🚀" },
    });
    // Kept for the council inbox (decision 0008) by the store, which alone decides whether to keep it.
    expect(fake.calls.shareIdea).toEqual([validIdea]);
  });

  it("when the idea cannot be kept: 'Failed to submit. Try again.' with the entries kept, and no confirmation", async () => {
    const { answers } = fake;
    answers.shareIdea = { ok: false, reason: "unavailable" };
    const result = (await action(postIdea(validIdea))) as Reply;
    expect(result.init?.status).toBe(503);
    expect(result.data.error).toEqual({ "": ["Failed to submit. Try again."] });
    const html = renderIdeas(result.data);
    expect(html).toContain('value="Campus lost-and-found board"');
    expect(html).toMatch(/role="alert"[^>]*><p>Failed to submit. Try again.<\/p>/);
  });

  it("answers a filled honeypot with the same confirmation", async () => {
    const response = (await action(postIdea({ ...validIdea, website: "https://spam.example" }))) as Response;
    expect(response.headers.get("Location")).toBe("/ideas");
    expect(await toastAfter(response)).toMatchObject({ message: "Idea submitted successfully! 🚀" });
    nothingForwarded();
  });

  it("refuses a body over the size limit with 413", async () => {
    const thrown = await action(postIdea({ ...validIdea, description: "d".repeat(70 * 1024) })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 413 } });
  });
});
