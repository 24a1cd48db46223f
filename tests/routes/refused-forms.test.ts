import { beforeEach, describe, expect, it, vi } from "vitest";
import JoinPage, { loader as joinLoader } from "~/routes/join";
import SihRegistration from "~/routes/sih-registration";
import UserProfileRegistration, { loader as registrationLoader } from "~/routes/user-profile-registration";
import { renderRoute } from "../support/routes";

/** What every form with a phone field does the same way: its phone field's autofill name. */

const fake = vi.hoisted(async () => (await import("../support/fake-backend")).createRecordingBackend());
vi.mock("~/server/backend/index.server", async () => (await fake).modules);

beforeEach(async () => (await fake).reset());

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
