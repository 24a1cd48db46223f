import type { UNSAFE_DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import UserProfile, { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import VerifyEmail, { action, handle, loader } from "~/routes/verify-email";
import { pageHeaders } from "~/delivery/headers.server";
import { identity } from "~/server/backend/index.server";
import { limits } from "~/server/forms/limits.server";
import {
  caught,
  get,
  post,
  renderRoute,
  routeArgs,
  signInNewStudent,
  toastAfter,
  verificationTokenFor,
} from "../support/routes";

/** The headers a page of this route is answered with: its delivery's (app/delivery/delivery.ts). */
const headers = (_args?: unknown) => new Headers(pageHeaders(handle.delivery, { nonce: undefined, production: false }));

/**
 * The verification link's page and the profile's e-mail status, with the real built-in store of this test file
 * (Request in, Response out). The test environment queues e-mails without sending them, as development does.
 */

let students = 0;
async function newStudent() {
  students += 1;
  const email = `verify.${students}@example.org`;
  const collegeId = `0187VE26${String(students).padStart(4, "0")}`;
  const signedIn = await signInNewStudent(identity, { collegeId, email, username: `Ishaan ${students}` });
  const token = await verificationTokenFor(email);
  if (!token) throw new Error("no verification e-mail was queued");
  return { ...signedIn, email, token };
}

const client = () => ({ "X-Client-Address": `198.51.100.${students}` });
type Reply = UNSAFE_DataWithResponseInit<{ error: Record<string, string[]> }>;

beforeEach(async () => {
  await limits.reset();
});

describe("the verification link's page", () => {
  it("opening the link shows the Confirm button and changes nothing (mail scanners open links first)", async () => {
    const { token, credentials } = await newStudent();
    for (let opened = 0; opened < 3; opened += 1) {
      const result = (await loader(routeArgs(get(`/verify-email?token=${token}`)))) as UNSAFE_DataWithResponseInit<{
        state: string;
        token: string;
      }>;
      expect(result.data).toEqual({ state: "valid", token });
    }
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: false });
    const html = renderRoute(
      { path: "/verify-email", Component: VerifyEmail, loaderData: { state: "valid", token } },
      `/verify-email?token=${token}`,
    );
    expect(html).toContain("Confirm my e-mail address");
    expect(html).toMatch(new RegExp(`<input type="hidden" name="token" value="${token}"/>`));
    expect(/<form[^>]*method="post"/.exec(html)).not.toBeNull();
  });

  it("is never cached and never sends its address on as a referrer", () => {
    const answered = headers({ actionHeaders: new Headers() });
    expect(answered.get("Cache-Control")).toBe("private, no-store");
    expect(answered.get("Referrer-Policy")).toBe("same-origin");
  });

  it("the button confirms the address once, then the profile says so; a second press says the link was used", async () => {
    const { token, credentials, cookie } = await newStudent();
    const confirmed = (await caught(
      action(routeArgs(post("/verify-email", { token }, { cookie, headers: client() }))),
    )) as Response;
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/userProfile");
    expect(await toastAfter(confirmed, "/userProfile")).toMatchObject({ message: "Your e-mail address is confirmed." });
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: true });

    const again = (await caught(action(routeArgs(post("/verify-email", { token }, { headers: client() }))))) as Reply;
    expect(again.init?.status).toBe(400);
    expect(again.data.error[""]).toEqual([
      "This link has already been used. If your address is confirmed, your profile says so.",
    ]);
    const opened = (await loader(routeArgs(get(`/verify-email?token=${token}`)))) as UNSAFE_DataWithResponseInit<{
      state: string;
      token: string;
    }>;
    expect(opened.data).toEqual({ state: "used", token: "" });

    const profile = (await caught(
      profileLoader(routeArgs(get("/userProfile", { cookie }))),
    )) as UNSAFE_DataWithResponseInit<{
      emailVerified: boolean;
    }>;
    expect(profile.data.emailVerified).toBe(true);
  });

  it("confirming without being signed in leads to the login page", async () => {
    const { token } = await newStudent();
    const confirmed = (await caught(
      action(routeArgs(post("/verify-email", { token }, { headers: client() }))),
    )) as Response;
    expect(confirmed.headers.get("Location")).toBe("/login");
  });

  it("a made-up, cut or missing token is refused with a clear message and a 4xx, never a 500", async () => {
    for (const address of [
      "/verify-email",
      "/verify-email?token=",
      `/verify-email?token=${"x".repeat(500)}`,
      "/verify-email?token=abc",
    ]) {
      const opened = (await loader(routeArgs(get(address)))) as UNSAFE_DataWithResponseInit<{ state: string }>;
      expect(opened.data.state, address).toBe("unknown");
    }
    const cut = (await caught(
      action(routeArgs(post("/verify-email", { token: "abc" }, { headers: client() }))),
    )) as Reply;
    expect(cut.init?.status).toBe(400);
    expect(cut.data.error[""]?.[0]).toMatch(/^This link is not valid\./);
    const missing = (await caught(action(routeArgs(post("/verify-email", {}, { headers: client() }))))) as Reply;
    expect(missing.init?.status).toBe(400);
    expect(missing.data.error.token).toEqual(["This link is not complete. Open the link from the e-mail again."]);
  });
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
    expect(await identity.emailVerification!.check(token)).toEqual({ ok: true, value: "unknown" });

    expect(((await send()) as Response).status).toBe(302);
    expect(((await send()) as Response).status).toBe(302);
    const refused = (await send()) as Reply & { init: { headers: Record<string, string> } };
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error[""]?.[0]).toMatch(/^We have sent you several links already\./);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
  });

  it("once confirmed, asking for a link again says so", async () => {
    const { cookie, token } = await newStudent();
    expect(await identity.emailVerification!.confirm(token)).toEqual({ ok: true, value: "confirmed" });
    const refused = (await caught(
      profileAction(routeArgs(post("/userProfile", { intent: "send-verification" }, { cookie, headers: client() }))),
    )) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error[""]).toEqual(["Your e-mail address is already confirmed."]);
  });
});
