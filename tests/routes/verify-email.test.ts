import type { UNSAFE_DataWithResponseInit } from "react-router";
import { deliveryAt } from "~/delivery/route-deliveries.server";
import { beforeEach, describe, expect, it } from "vitest";
import UserProfile, { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import VerifyEmail, { action, loader } from "~/routes/verify-email";
import { action as loginAction } from "~/routes/login";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { TextProvider } from "~/i18n/use-text";
import type { Texts } from "~/i18n/text";
import { createRoutesStub } from "react-router";
import { hi } from "~/i18n/catalogue/hi";
import fc from "fast-check";
import { studentPassword } from "../backend/samples";
import { pageHeaders } from "~/delivery/headers.server";
import { identity } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import {
  caught,
  get,
  post,
  renderRoute,
  routeArgs,
  signInNewStudent,
  statusOf,
  toastAfter,
  verificationTokenFor,
} from "../support/routes";

/** The headers a page of this route is answered with: its delivery's (app/delivery/delivery.ts). */
const headers = (_args?: unknown) =>
  new Headers(pageHeaders(deliveryAt("/verify-email")!, { nonce: undefined, production: false }));

/**
 * The verification link's page and the profile's e-mail status, with the real built-in store of this test file
 * (Request in, Response out). The test environment queues e-mails without sending them, as development does.
 */

let students = 0;
async function newStudent() {
  students += 1;
  const email = `verify.${students}@example.org`;
  const collegeId = `0187VE26${String(students).padStart(4, "0")}`;
  const username = `Ishaan ${students}`;
  const signedIn = await signInNewStudent(identity, { collegeId, email, username });
  const token = await verificationTokenFor(email);
  if (!token) throw new Error("no verification e-mail was queued");
  return { ...signedIn, email, token, collegeId, username };
}

let clients = 0;
/** A client address of its own per request: the page's own limits are not what these tests are about. */
const client = () => {
  clients += 1;
  return { "X-Client-Address": `198.51.${Math.floor(clients / 250) % 250}.${clients % 250}` };
};

const hindi: Texts = { locale: "hi", catalogue: hi };

/** The Hindi page for `loaderData`, rendered as the server does. */
function renderHindi(path: string, loaderData: unknown, at: string): string {
  const Stub = createRoutesStub([
    { id: "page", path, Component: VerifyEmail as ComponentType, action: () => null, loader: () => loaderData },
  ]);
  return renderToString(
    createElement(
      TextProvider,
      { texts: hindi },
      createElement(Stub, { initialEntries: [at], hydrationData: { loaderData: { page: loaderData } } }),
    ),
  ).replaceAll("<!-- -->", "");
}
type Reply = UNSAFE_DataWithResponseInit<{ error: Record<string, string[]> }>;

beforeEach(async () => {
  await limits.reset();
});

type Opened = UNSAFE_DataWithResponseInit<{
  state: string;
  token: string;
  account?: { collegeId: string; name: string };
  viewer: string;
  loginPath?: string;
}>;
const open = async (path: string, cookie?: string) =>
  (await loader(routeArgs(get(path, { cookie, headers: client() })))) as Opened;

describe("the verification link's page", () => {
  it("opened signed out, names the account and asks to log in to it first, returning here; opening changes nothing", async () => {
    const { token, credentials, collegeId, username } = await newStudent();
    for (const [page, login] of [
      ["/verify-email", "/login"],
      ["/hi/verify-email", "/hi/login"],
    ] as const) {
      const path = `${page}?token=${token}`;
      for (let opened = 0; opened < 2; opened += 1) {
        expect((await open(path)).data).toEqual({
          state: "valid",
          token,
          account: { collegeId, name: username },
          viewer: "signed-out",
          loginPath: `${login}?redirectTo=${encodeURIComponent(path)}`,
        });
      }
    }
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: false });
    const loaderData = (await open(`/verify-email?token=${token}`)).data;
    const html = renderRoute(
      { path: "/verify-email", Component: VerifyEmail, loaderData },
      `/verify-email?token=${token}`,
    );
    expect(html).toContain(`This link is for the account with College ID ${collegeId}, in the name of ${username}.`);
    expect(html).toContain("To confirm the address, log in to this account first");
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent(`/verify-email?token=${token}`)}"`);
    expect(html).not.toContain("Confirm my e-mail address");
    expect(html).toMatch(/<button type="submit"[^>]*value="not-me"[^>]*>This was not me<\/button>/);
  });

  it("the login it offers comes back to the link's page, in its language", async () => {
    const { token, collegeId } = await newStudent();
    for (const page of ["/verify-email", "/hi/verify-email"]) {
      const back = `${page}?token=${token}`;
      const login = page.startsWith("/hi") ? "/hi/login" : "/login";
      const answer = await caught(
        loginAction(
          routeArgs(post(login, { collegeId, password: studentPassword, redirectTo: back }, { headers: client() })),
        ),
      );
      expect(answer instanceof Response ? answer.headers.get("Location") : undefined).toBe(back);
    }
  });

  it("signed in to the link's account, offers Confirm; the button confirms once, then the profile says so", async () => {
    const { token, credentials, cookie } = await newStudent();
    const opened = await open(`/verify-email?token=${token}`, cookie);
    expect(opened.data).toMatchObject({ state: "valid", token, viewer: "holder" });
    const html = renderRoute(
      { path: "/verify-email", Component: VerifyEmail, loaderData: opened.data },
      `/verify-email?token=${token}`,
    );
    expect(html).toContain("Confirm my e-mail address");
    expect(html).toMatch(new RegExp(`<input type="hidden" name="token" value="${token}"/>`));
    expect(/<form[^>]*method="post"/.exec(html)).not.toBeNull();

    const confirmed = (await caught(
      action(routeArgs(post("/verify-email", { token, intent: "confirm" }, { cookie, headers: client() }))),
    )) as Response;
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/userProfile");
    expect(await toastAfter(confirmed, "/userProfile")).toMatchObject({ message: "Your e-mail address is confirmed." });
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: true });

    const again = (await caught(
      action(routeArgs(post("/verify-email", { token }, { cookie, headers: client() }))),
    )) as Reply;
    expect(again.init?.status).toBe(400);
    expect(again.data.error[""]).toEqual([
      "This link has already been used. If your address is confirmed, your profile says so.",
    ]);
    expect((await open(`/verify-email?token=${token}`)).data).toMatchObject({ state: "used", token: "" });

    const profile = (await caught(
      profileLoader(routeArgs(get("/userProfile", { cookie }))),
    )) as UNSAFE_DataWithResponseInit<{
      emailVerified: boolean;
    }>;
    expect(profile.data.emailVerified).toBe(true);
  });

  it("is never cached and never sends its address on as a referrer", () => {
    const answered = headers({ actionHeaders: new Headers() });
    expect(answered.get("Cache-Control")).toBe("private, no-store");
    expect(answered.get("Referrer-Policy")).toBe("same-origin");
  });

  it("Confirm pressed signed out is refused with a 403 in the page's language, and confirms nothing", async () => {
    const { token, credentials } = await newStudent();
    for (const [page, message] of [
      [
        "/verify-email",
        "Log in to the account this link is for first, then press Confirm: only that account's holder can confirm its address.",
      ],
      [
        "/hi/verify-email",
        "पहले उस अकाउंट में लॉग इन करें जिसके लिए यह लिंक है, फिर पुष्टि का बटन दबाएँ: उसके पते की पुष्टि सिर्फ़ उसी अकाउंट वाला कर सकता है।",
      ],
    ] as const) {
      const refused = (await caught(action(routeArgs(post(page, { token }, { headers: client() }))))) as Reply;
      expect(refused.init?.status).toBe(403);
      expect(refused.data.error[""]).toEqual([message]);
    }
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: false });
    expect((await open(`/verify-email?token=${token}`)).data.state).toBe("valid");
  });

  it("signed in to another account, says the link is another account's and refuses Confirm with a 403, in both languages", async () => {
    const owner = await newStudent();
    const other = await newStudent();
    for (const [page, said, refusal] of [
      [
        "/verify-email",
        "You are logged in to another account, so this link confirms nothing here.",
        /^This link is for another account than the one you are logged in to, so it confirms nothing here\./,
      ],
      [
        "/hi/verify-email",
        "आप किसी दूसरे अकाउंट में लॉग इन हैं, इसलिए यहाँ इस लिंक से किसी चीज़ की पुष्टि नहीं होती।",
        /^यह लिंक किसी दूसरे अकाउंट के लिए है, उसके लिए नहीं जिसमें आप लॉग इन हैं/,
      ],
    ] as const) {
      const path = `${page}?token=${owner.token}`;
      const opened = await open(path, other.cookie);
      expect(opened.data).toMatchObject({
        state: "valid",
        viewer: "other",
        account: { collegeId: owner.collegeId, name: owner.username },
      });
      const html = page.startsWith("/hi")
        ? renderHindi(page, opened.data, path)
        : renderRoute({ path: page, Component: VerifyEmail, loaderData: opened.data }, path);
      expect(html).toContain(said);
      expect(html).not.toMatch(/value="confirm"/);
      const refused = (await caught(
        action(routeArgs(post(page, { token: owner.token }, { cookie: other.cookie, headers: client() }))),
      )) as Reply;
      expect(refused.init?.status).toBe(403);
      expect(refused.data.error[""]?.[0]).toMatch(refusal);
    }
    expect(await identity.whoIsSignedIn(other.credentials)).toMatchObject({ emailVerified: false });
    expect(await identity.whoIsSignedIn(owner.credentials)).toMatchObject({ emailVerified: false });
    // The link is still the owner's to confirm.
    expect((await open(`/verify-email?token=${owner.token}`, owner.cookie)).data.viewer).toBe("holder");
  });

  it("'This was not me', pressed signed out, ends the link and the account's claim; opening it had changed nothing", async () => {
    const { token, cookie } = await newStudent();
    const disowned = (await caught(
      action(routeArgs(post("/verify-email", { token, intent: "not-me" }, { headers: client() }))),
    )) as Response;
    expect(disowned.headers.get("Location")).toBe("/userProfileRegistration");
    expect(await toastAfter(disowned, "/userProfileRegistration")).toMatchObject({
      message:
        "Done: that account has no claim to your address any more, and this link no longer works. You can register your own account with the address.",
    });
    expect((await open(`/verify-email?token=${token}`, cookie)).data).toMatchObject({ state: "used", token: "" });
    const late = (await caught(
      action(routeArgs(post("/verify-email", { token }, { cookie, headers: client() }))),
    )) as Reply;
    expect(late.init?.status).toBe(400);
    const resend = (await caught(
      profileAction(routeArgs(post("/userProfile", { intent: "send-verification" }, { cookie, headers: client() }))),
    )) as Reply;
    expect(resend.init?.status).toBe(400);
    expect(resend.data.error[""]?.[0]).toMatch(/^The owner of this email address said this account is not theirs/);
  });

  it("a made-up, cut or missing token is refused with a clear message and a 4xx, never a 500", async () => {
    const { cookie } = await newStudent();
    for (const address of [
      "/verify-email",
      "/verify-email?token=",
      `/verify-email?token=${"x".repeat(500)}`,
      "/verify-email?token=abc",
    ]) {
      const opened = await open(address, cookie);
      expect(opened.data.state, address).toBe("unknown");
    }
    for (const intent of ["confirm", "not-me"]) {
      const cut = (await caught(
        action(routeArgs(post("/verify-email", { token: "abc", intent }, { cookie, headers: client() }))),
      )) as Reply;
      expect(cut.init?.status).toBe(400);
      expect(cut.data.error[""]?.[0]).toMatch(/^This link is not valid\./);
    }
    const missing = (await caught(action(routeArgs(post("/verify-email", {}, { headers: client() }))))) as Reply;
    expect(missing.init?.status).toBe(400);
    expect(missing.data.error.token).toEqual(["This link is not complete. Open the link from the e-mail again."]);
    const forged = (await caught(
      action(routeArgs(post("/verify-email", { token: "abc", intent: "erase" }, { headers: client() }))),
    )) as Reply;
    expect(forged.init?.status).toBe(400);
  });
});

describe("the link's page under hostile input", () => {
  it("any token and intent, signed out or in, answers 2xx-4xx, never a 5xx, and leaves a live link untouched", async () => {
    const { token, credentials, cookie } = await newStudent();
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 300 }),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.constantFrom(token.slice(0, -1), `${token}x`, token.toUpperCase(), "%00", "../login"),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.oneof(text, fc.constantFrom("confirm", "not-me")),
        fc.boolean(),
        async (guess, intent, signedIn) => {
          const visit = { cookie: signedIn ? cookie : undefined, headers: client() };
          const opened = await caught(
            loader(routeArgs(get(`/verify-email?${new URLSearchParams({ token: guess })}`, visit))),
          );
          expect(statusOf(opened)).toBeLessThan(500);
          const pressed = await caught(action(routeArgs(post("/verify-email", { token: guess, intent }, visit))));
          expect(statusOf(pressed)).toBeGreaterThanOrEqual(200);
          expect(statusOf(pressed)).toBeLessThan(500);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: false });
    expect((await open(`/verify-email?token=${token}`, cookie)).data).toMatchObject({
      state: "valid",
      viewer: "holder",
    });
  }, 120_000);
});

describe("the profile's e-mail status", () => {
  it("says the address is not confirmed and offers the link again, with or without JavaScript", async () => {
    const { cookie, email } = await newStudent();
    const profile = (await caught(
      profileLoader(routeArgs(get("/userProfile", { cookie }))),
    )) as UNSAFE_DataWithResponseInit<Record<string, unknown>>;
    expect(profile.data.emailVerified).toBe(false);
    const html = renderRoute({ path: "/userProfile", Component: UserProfile, loaderData: profile.data });
    expect(html).toContain("Not confirmed yet.");
    expect(html).toContain(`We sent a link to ${email}.`);
    const form = /<form[^>]*>[\s\S]*?<\/form>/.exec(html.slice(html.indexOf("Not confirmed yet.")))?.[0] ?? "";
    expect(form).toMatch(/action="\/userProfile"/);
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/<button type="submit" value="send-verification"[^>]*name="intent"/);
  });

  it("where the site cannot send e-mail, says so plainly and offers no link", () => {
    const html = renderRoute({
      path: "/userProfile",
      Component: UserProfile,
      loaderData: {
        user: { username: "Asha Verma", email: "asha@example.org" },
        contactEmail: "studentcouncil@example.org",
        sent: undefined,
        emailVerified: false,
        sendsLinks: false,
      },
    });
    expect(html).toContain("This site cannot send e-mail at the moment, so it cannot confirm asha@example.org for you");
    expect(html).not.toContain("Send the link again");
    expect(html).not.toContain("We sent a link");
  });

  it("'Send the link again' queues a new link (the old one stops working), three times an hour at most", async () => {
    const { cookie, email, token } = await newStudent();
    const send = () =>
      caught(
        profileAction(routeArgs(post("/userProfile", { intent: "send-verification" }, { cookie, headers: client() }))),
      );
    const sent = (await send()) as Response;
    expect(sent.status).toBe(302);
    expect(await toastAfter(sent, "/userProfile")).toMatchObject({
      message: "We sent a new link to your e-mail address. It works once, for 24 hours.",
    });
    const newer = await verificationTokenFor(email);
    expect(newer).not.toBe(token);
    expect(await identity.emailVerification!.check(token)).toMatchObject({ ok: true, value: { state: "unknown" } });

    expect(((await send()) as Response).status).toBe(302);
    expect(((await send()) as Response).status).toBe(302);
    const refused = (await send()) as Reply & { init: { headers: Record<string, string> } };
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error[""]?.[0]).toMatch(/^We have sent you several links already\./);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
  });

  it("once confirmed, asking for a link again says so", async () => {
    const { cookie, token, credentials } = await newStudent();
    const signedIn = await identity.whoIsSignedIn(credentials);
    const accountKey = signedIn.status === "signed-in" ? (signedIn.accountKey ?? "") : "";
    expect(await identity.emailVerification!.confirm(token, accountKey)).toEqual({ ok: true, value: "confirmed" });
    const refused = (await caught(
      profileAction(routeArgs(post("/userProfile", { intent: "send-verification" }, { cookie, headers: client() }))),
    )) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error[""]).toEqual(["Your e-mail address is already confirmed."]);
  });
});
