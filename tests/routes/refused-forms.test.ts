import { parseWithZod } from "@conform-to/zod/v4";
import { beforeEach, describe, expect, it } from "vitest";
import { createCollegeIdClaimSchema } from "~/forms/college-id-claim";
import { en } from "~/i18n/catalogue/en";
import CollegeIdClaim from "~/routes/college-id-claim";
import JoinPage, { action as joinAction, loader as joinLoader } from "~/routes/join";
import SihRegistration from "~/routes/sih-registration";
import UserProfileRegistration, {
  action as registrationAction,
  loader as registrationLoader,
} from "~/routes/user-profile-registration";
import { joinFormFields, registrationFormFields, tinyPng } from "../backend/samples";
import { dataOf, post, renderDocument, renderRoute, routeArgs, statusOf } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

/**
 * What every form with a phone or a file field does the same way: its phone field's autofill name, and where the page
 * that answers a refused submit opens without JavaScript (at its first message, not at the top). Messages are spelled
 * out as the specification gives them.
 */

const fake = useRecordingBackend();

beforeEach(() => fake.reset());

/** An ID card photo of 6 MB: a real PNG's bytes, then padding. */
const sixMegabyteIdCard = () => {
  const bytes = new Uint8Array(6 * 1024 * 1024);
  bytes.set(tinyPng);
  return new File([bytes], "id-card-photo.png", { type: "image/png" });
};

const registrationFields = { ...registrationFormFields, consent: "on" };

/** Every element the page asks the browser to focus when it loads, as its opening tag. */
const autofocused = (html: string) => [...html.matchAll(/<(?:input|select|textarea|div)\b[^>]*\bautofocus=""[^>]*>/g)];

/** The phone inputs of a page, by name. */
const phoneInputs = (html: string) =>
  [...html.matchAll(/<input[^>]*name="[^"]*phone"[^>]*>/g)].map((match) => match[0]);

describe("phone fields", () => {
  const openWindow = { state: "open", text: "Registration open until 31 Mar 2027, 23:59 IST" } as const;
  const pages = {
    "/join": () => renderRoute({ path: "/join", Component: JoinPage, loaderData: joinLoader() }),
    "/userProfileRegistration": () =>
      renderRoute({
        path: "/userProfileRegistration",
        Component: UserProfileRegistration,
        loaderData: registrationLoader(),
      }),
    "/sih/registration": () =>
      renderRoute({
        path: "/sih/registration",
        Component: SihRegistration,
        loaderData: { teams: [], registration: openWindow },
      }),
  };

  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    "%s: each phone is type=tel with the one autofill name HTML allows on it (tel), or none",
    (path) => {
      const inputs = phoneInputs(pages[path]());
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) {
        expect(input).toContain('type="tel"');
        expect(input).toMatch(/autoComplete="(tel|off)"/);
      }
      // The student's own number (the applicant, the account, the team's leader) is offered for autofill.
      expect(inputs[0]).toContain('autoComplete="tel"');
    },
  );
});

describe("a refused form, without JavaScript, opens at its first message", () => {
  it("registration refusing a 6 MB ID card: the ID card field, by its message, is the one thing focused", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(registrationFields)) body.append(name, value);
    body.append("idCard", sixMegabyteIdCard());
    const args = routeArgs(post("/userProfileRegistration", body));
    const result = await registrationAction(args);
    expect(statusOf(result)).toBe(400);

    const html = await renderDocument(
      {
        path: "/userProfileRegistration",
        Component: UserProfileRegistration,
        loaderData: registrationLoader(),
        actionData: dataOf(result),
      },
      args.context,
    );
    expect(html).toContain("The ID card image must be 5 MB or smaller.");
    const focused = autofocused(html);
    expect(focused).toHaveLength(1);
    expect(focused[0]?.[0]).toMatch(/type="file"[^>]*name="idCard"|name="idCard"[^>]*type="file"/);
  });

  it("the College ID claim refusing a 6 MB ID card: the ID card field is the one thing focused", async () => {
    const body = new FormData();
    const claim = { username: "Asha Verma", email: "asha@example.org", enrollment: "0101CS221001", consent: "on" };
    for (const [name, value] of Object.entries(claim)) body.append(name, value);
    body.append("idCard", sixMegabyteIdCard());
    const reply = parseWithZod(body, { schema: createCollegeIdClaimSchema(en.forms) }).reply();

    const html = await renderDocument({ path: "/college-id-claim", Component: CollegeIdClaim, actionData: reply });
    expect(html).toContain("The ID card image must be 5 MB or smaller.");
    const focused = autofocused(html);
    expect(focused).toHaveLength(1);
    expect(focused[0]?.[0]).toContain('name="idCard"');
  });

  const joinDocument = async (fields: Record<string, string | undefined>) => {
    const args = routeArgs(post("/join", fields));
    const result = await joinAction(args);
    return renderDocument(
      { path: "/join", Component: JoinPage, loaderData: joinLoader(), actionData: dataOf(result) },
      args.context,
    );
  };
  const application = joinFormFields("asha.verma@example.org", "0187CS211001");

  it("join with its terms unticked: the box at the foot of the form is focused", async () => {
    const focused = autofocused(await joinDocument({ ...application, terms: undefined }));
    expect(focused).toHaveLength(1);
    expect(focused[0]?.[0]).toMatch(/name="terms"/);
  });

  it("join with the email, the phone and the terms wrong: the first of them on the page, the email", async () => {
    const focused = autofocused(
      await joinDocument({ ...application, email: "asha.verma@example", phone: "12345", terms: undefined }),
    );
    expect(focused).toHaveLength(1);
    expect(focused[0]?.[0]).toMatch(/name="email"/);
  });

  it("join the backend could not take: the form's message, focusable by script only, is focused", async () => {
    fake.answers.applyToCouncil = { ok: false, reason: "unavailable" };
    const focused = autofocused(await joinDocument(application));
    expect(focused).toHaveLength(1);
    expect(focused[0]?.[0]).toMatch(/<div[^>]*role="alert"[^>]*tabindex="-1"/);
  });

  it("a form as first loaded asks for no focus", async () => {
    expect(autofocused(await renderDocument({ path: "/join", Component: JoinPage, loaderData: joinLoader() }))).toEqual(
      [],
    );
  });
});
