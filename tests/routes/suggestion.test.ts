import type { SubmissionResult } from "@conform-to/react";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider, type UNSAFE_DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import SuggestionPage, { action, meta } from "~/routes/suggestion";

const fake = vi.hoisted(async () => (await import("../support/fake-backend")).createRecordingBackend());
vi.mock("~/server/backend/index.server", async () => (await fake).modules);

beforeEach(async () => (await fake).reset());

const validSuggestion = {
  name: "Ravi Kumar",
  enrollment: "0187IT221042",
  college: "TIT",
  problem: "The library closes at 5 pm, before most labs end.",
  solution: "Keep the reading room open until 8 pm on weekdays.",
};

type Fields = Partial<Record<keyof typeof validSuggestion | "website", string>>;

function routeArgs(request: Request) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() };
}

function postSuggestion(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  return routeArgs(new Request("http://localhost/suggestion", { method: "POST", body }));
}

type Reply = UNSAFE_DataWithResponseInit<SubmissionResult<string[]>>;

async function toastAfter(redirect: Response) {
  const cookie = redirect.headers.get("Set-Cookie")!.split(";")[0]!;
  const result = await rootLoader(
    routeArgs(new Request("http://localhost/suggestion", { headers: { Cookie: cookie } })),
  );
  return result.data.toast;
}

/** Nothing leaves the site: no backend method was called. */
async function nothingForwarded() {
  const { calls } = await fake;
  const made = Object.entries(calls).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== 0));
  expect(made).toEqual([]);
}

function renderSuggestion(actionData?: SubmissionResult<string[]>) {
  const Stub = createRoutesStub([
    { id: "suggestion", path: "/suggestion", Component: SuggestionPage as ComponentType, action },
  ]);
  const html = renderToString(
    createElement(Stub, {
      initialEntries: ["/suggestion"],
      hydrationData: { loaderData: {}, ...(actionData ? { actionData: { suggestion: actionData } } : {}) },
    }),
  );
  return html.replaceAll("<!-- -->", "");
}

describe("/suggestion page", () => {
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
    // Section 2: the problem and the solution are multi-line, 4 rows.
    expect(html).toMatch(/<textarea rows="4"[^>]*name="problem"/);
    expect(html).toMatch(/<textarea rows="4"[^>]*name="solution"/);
    expect(html).toMatch(/<input[^>]*name="college"[^>]*type="text"|<input[^>]*type="text"[^>]*name="college"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Submit Suggestion<\/button>/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("has its own title and description", () => {
    const tags = meta({ matches: [] } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Suggestion Box | Student Council" });
    expect(tags).toContainEqual({
      name: "description",
      content: "Share your problems and suggestions to help improve our council.",
    });
  });
});

describe("/suggestion submissions", () => {
  it("requires all five fields, each with its own message", async () => {
    const result = (await action(postSuggestion({}))) as Reply;
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toEqual({
      name: ["Please enter your name."],
      enrollment: ["Please enter your enrollment number."],
      college: ["Please enter your college."],
      problem: ["Please describe the problem."],
      solution: ["Please share your suggestion or solution."],
    });
    await nothingForwarded();
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
    const started = performance.now();
    const result = await action(postSuggestion(validSuggestion));
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/suggestion");
    expect(await toastAfter(response)).toMatchObject({
      type: "success",
      message: "Suggestion submitted successfully!",
    });
    expect(await toastAfter(response)).not.toHaveProperty("duration");
    // Kept for the council inbox (decision 0008) by the store, which alone decides whether to keep it.
    expect((await fake).calls.sendSuggestion).toEqual([validSuggestion]);
  });

  it("when the suggestion cannot be kept: 'Failed to submit. Try again.' with the entries kept, and no confirmation", async () => {
    const { answers } = await fake;
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
    await nothingForwarded();
  });

  it("refuses a body over the size limit with 413", async () => {
    const thrown = await action(postSuggestion({ ...validSuggestion, problem: "p".repeat(70 * 1024) })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 413 } });
  });
});
