import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliveryAt } from "~/delivery/route-deliveries.server";
import { pageHeaders } from "~/delivery/headers.server";
import { log } from "~/server/ops/log.server";
import { profileCardText } from "~/components/account/profile-card";
import UserProfile, { action as profileAction, loader as profileLoader } from "~/routes/user-profile";
import type { CouncilUser } from "~/types/accounts";
import * as route from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

const visitProfile = (cookie?: string) =>
  route.caught(profileLoader(route.routeArgs(route.get("/userProfile", { cookie }))));

const postToProfile = (fields: Record<string, string>, cookie?: string) =>
  route.caught(profileAction(route.routeArgs(route.post("/userProfile", fields, { cookie }))));

const sessionCookieOf = (result: unknown) => route.setCookieOf(result, "__session");

const fullUser: CouncilUser = {
  username: "Asha Verma",
  branch: "CSE",
  college: "TIT",
  email: "asha@example.org",
  phone: "+919876543210",
  dob: "2004-09-05",
  gender: "Female",
  bio: "Robotics and chess.",
};

/** Renders the profile page as the server would, with the given loader (and action) data. */
const renderProfile = (loaderData: unknown, actionData?: unknown) =>
  route.renderRoute({ path: "/userProfile", Component: UserProfile, loaderData, actionData });

describe("profile loader", () => {
  it("sends a visitor who never signed in to /login without asking the backend", async () => {
    const result = await visitProfile();
    expect(route.statusOf(result)).toBe(302);
    expect(route.headersOf(result).get("Location")).toBe("/login");
    expect(fake.calls.whoIsSignedIn).toHaveLength(0);
  });

  it("when the backend says nobody is signed in: logs 'Failed to fetch user profile', clears the session, goes to /login", async () => {
    const consoleError = vi.spyOn(log, "error").mockImplementation(() => {});
    fake.answers.whoIsSignedIn = { status: "signed-out" };
    const result = await visitProfile(await route.signedInCookie("expired-credentials"));

    expect(fake.calls.whoIsSignedIn).toEqual(["expired-credentials"]);
    expect(consoleError).toHaveBeenCalledWith(expect.anything(), "Failed to fetch user profile");
    expect(route.statusOf(result)).toBe(302);
    expect(route.headersOf(result).get("Location")).toBe("/login");
    expect(sessionCookieOf(result)).toMatch(/^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  it("when the backend cannot be reached: logs 'Error fetching profile' and goes to /auth/login", async () => {
    const consoleError = vi.spyOn(log, "error").mockImplementation(() => {});
    fake.answers.whoIsSignedIn = { status: "unavailable" };
    const result = await visitProfile(await route.signedInCookie());

    expect(consoleError).toHaveBeenCalledWith(expect.anything(), "Error fetching profile");
    expect(route.statusOf(result)).toBe(302);
    expect(route.headersOf(result).get("Location")).toBe("/auth/login");
    // The visitor may still be signed in: the session is kept.
    expect(sessionCookieOf(result)).toBeUndefined();
  });

  it("on the Hindi profile, when the backend cannot be reached: goes to /hi/auth/login, which leads to the Hindi login", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    fake.answers.whoIsSignedIn = { status: "unavailable" };
    const cookie = await route.signedInCookie();
    const result = await route.caught(profileLoader(route.routeArgs(route.get("/hi/userProfile", { cookie }))));

    expect(route.statusOf(result)).toBe(302);
    expect(route.headersOf(result).get("Location")).toBe("/hi/auth/login");
  });

  it("gives the signed-in user to the page, never to be cached by anyone else", async () => {
    fake.answers.whoIsSignedIn = { status: "signed-in", user: fullUser };
    const result = await visitProfile(await route.signedInCookie());

    expect(route.statusOf(result)).toBe(200);
    expect(route.dataOf<{ user: CouncilUser }>(result).user).toEqual(fullUser);
    expect(route.headersOf(result).get("Cache-Control")).toBe("private, no-store");
    expect(
      new Headers(pageHeaders(deliveryAt("/userProfile")!, { nonce: undefined, production: false })).get(
        "Cache-Control",
      ),
    ).toBe("private, no-store");
  });

  it("a signed-in answer without any user details is no user", async () => {
    fake.answers.whoIsSignedIn = { status: "signed-in", user: { username: "  " } };
    const result = await visitProfile(await route.signedInCookie());
    expect(route.dataOf<{ user: CouncilUser | null }>(result).user).toBeNull();
  });
});

describe("profile card", () => {
  it("shows every field of a complete profile", () => {
    const html = renderProfile({ user: fullUser, contactEmail: "studentcouncil@example.org" });
    expect(html).toContain(">Asha Verma</h1>");
    expect(html).toContain("CSE | TIT");
    expect(html).toContain("asha@example.org");
    expect(html).toContain("+91 98765 43210");
    expect(html).toContain("5 September 2004 | Female");
    expect(html).toContain(">About</h2>");
    expect(html).toContain("Robotics and chess.");
  });

  it("shows the specified fallbacks for missing details", () => {
    expect(profileCardText({ username: "Asha Verma" })).toMatchObject({
      branchAndCollege: "Branch N/A | College N/A",
      college: "Not Provided",
      dobAndGender: "DOB N/A | Gender N/A",
      bio: "No bio provided.",
    });
    const html = renderProfile({ user: { username: "Asha Verma" }, contactEmail: "studentcouncil@example.org" });
    for (const text of ["Branch N/A | College N/A", "Not Provided", "DOB N/A | Gender N/A", "No bio provided."]) {
      expect(html).toContain(text);
    }
  });

  it("offers Edit Profile (saying editing is not available yet) and Logout as a POST form, not a link", () => {
    const html = renderProfile({ user: fullUser, contactEmail: "studentcouncil@example.org" });
    expect(html).toMatch(/<summary[^>]*>Edit Profile<\/summary>/);
    expect(html).toContain("Editing your profile is not available yet.");
    const logoutForm = /<form([^>]*)>\s*<button([^>]*)>Logout<\/button>\s*<\/form>/.exec(html);
    expect(logoutForm).not.toBeNull();
    const [, formAttributes, buttonAttributes] = logoutForm!;
    expect(formAttributes).toContain('method="post"');
    expect(formAttributes).toContain('action="/userProfile"');
    expect(buttonAttributes).toContain('type="submit"');
    expect(buttonAttributes).toContain('name="intent"');
    expect(buttonAttributes).toContain('value="logout"');
    expect(html).not.toMatch(/<a[^>]*>Logout<\/a>/);
  });

  it("shows the avatar with a name a screen reader can read", () => {
    const html = renderProfile({ user: fullUser, contactEmail: "studentcouncil@example.org" });
    expect(html).toMatch(/role="img" aria-label="Profile picture of Asha Verma"/);
  });

  it("says 'User not found' when there is no user", () => {
    const html = renderProfile({ user: null, contactEmail: "studentcouncil@example.org" });
    expect(html).toContain(">User not found</h1>");
  });

  it("tells the visitor when logout failed", () => {
    const html = renderProfile(
      { user: fullUser, contactEmail: "studentcouncil@example.org" },
      { status: "error", error: { "": ["Logout failed. You are still signed in."] } },
    );
    expect(html).toMatch(/role="alert"[^>]*><p>Logout failed. You are still signed in.<\/p>/);
  });
});

describe("logout", () => {
  it("signs out with the backend, clears our session and goes home with a toast", async () => {
    const result = await postToProfile({ intent: "logout" }, await route.signedInCookie("my-credentials"));
    expect(fake.calls.logOut).toEqual(["my-credentials"]);
    expect(route.statusOf(result)).toBe(302);
    expect(route.headersOf(result).get("Location")).toBe("/");
    expect(sessionCookieOf(result)).toMatch(/^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    expect(await route.toastAfter(result)).toMatchObject({ message: "You have been logged out.", type: "success" });
  });

  it.each([
    ["refuses", { ok: false, reason: "rejected" } as const],
    ["cannot be reached", { ok: false, reason: "unavailable" } as const],
  ])("when the backend %s: logs the error, keeps the visitor signed in and says so", async (_case, answer) => {
    const consoleError = vi.spyOn(log, "error").mockImplementation(() => {});
    fake.answers.logOut = answer;
    const result = await postToProfile({ intent: "logout" }, await route.signedInCookie());

    expect(consoleError).toHaveBeenCalled();
    expect(route.statusOf(result)).toBe(503);
    expect(route.dataOf<{ error: Record<string, string[]> }>(result).error[""]).toEqual([
      "Logout failed. You are still signed in.",
    ]);
    expect(route.headersOf(result).get("Cache-Control")).toBe("private, no-store");
    expect(sessionCookieOf(result)).toBeUndefined();
  });

  it("answers 400 to anything but the logout intent", async () => {
    const result = await postToProfile({ intent: "delete-everything" }, await route.signedInCookie());
    expect(route.statusOf(result)).toBe(400);
    expect(route.dataOf<{ error: Record<string, string[]> }>(result).error.intent).toEqual([
      "That action is not available on this page.",
    ]);
    expect(fake.calls.logOut).toHaveLength(0);
  });
});

describe("'Tell my team's members' where the council API keeps the teams", () => {
  it("the profile offers no such button, and a press is refused with nothing sent to the council", async () => {
    fake.answers.whoIsSignedIn = {
      status: "signed-in",
      user: fullUser,
      collegeId: "0187CS221001",
      accountKey: "council-api-key",
    };
    const cookie = await route.signedInCookie();
    const page = route.dataOf<{ ledTeams: unknown[] }>(await visitProfile(cookie));
    expect(page.ledTeams).toEqual([]);
    expect(renderProfile(page)).not.toContain("tell-members");

    const pressed = await postToProfile({ intent: "tell-members", team: "1" }, cookie);
    expect(route.statusOf(pressed)).toBe(404);
    expect(route.dataOf<{ error: Record<string, string[]> }>(pressed).error[""]).toEqual([
      "This site keeps no hackathon teams of its own.",
    ]);
    expect(fake.calledMethods()).toEqual(["whoIsSignedIn"]);
  });
});
