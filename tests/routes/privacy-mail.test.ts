import { describe, expect, it } from "vitest";
import Privacy, { loader as privacyLoader } from "~/routes/privacy";
import { mailKinds } from "~/server/backend/built-in/mail-events.server";
import { get, renderRoute, routeArgs } from "../support/routes";

/**
 * The privacy notice lists every e-mail the site sends, one line each, in words a student recognises: a kind added
 * to `mailKinds` without a line in the notice (and a phrase here) fails this test.
 */

/** Each kind of e-mail, and the words its line in the notice must say. */
const expectedLines: Record<string, RegExp> = {
  "verify-email": /^Confirm your e-mail address: when you create an account.*proves the address is yours/,
  "account-rejected": /^Your account was removed: .*College ID does not match your ID card/,
  "college-id-claim": /^We received your message about a College ID: when you tell the council a College ID is yours/,
  "college-id-claim-upheld": /^The College ID is yours: .*removed the account that held it/,
  "college-id-claim-declined": /^About the College ID: .*belongs to the account that has it/,
  "account-claimed": /^Your account was removed because another student showed the College ID is theirs/,
  "application-receipt":
    /^We received your application to join: when you apply to join the council\..*club you chose.*what happens next.*see, download or erase it/,
  "decision-accepted": /^Your application was accepted: only when a council member accepts .* chooses to tell you/,
  "decision-declined":
    /^About your application \(declined\): only when a council member declines .* chooses to tell you/,
  "team-receipt": /^We received your team: to the leader, .*calendar file/,
  "team-member-notice": /^You were added to a team: to each member .*link to confirm .* remove yourself.*calendar file/,
  "team-member-removed": /^A member left your team: to the leader, when a member removed themselves/,
  "team-disbanded": /^Your team was removed: to the members, when the leader deleted their account/,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The notice as a site that sends e-mail shows it: its "The e-mails we send" section, as lines and paragraphs. */
function mailSection() {
  const html = renderRoute({
    path: "/privacy",
    Component: Privacy,
    loaderData: { ...privacyLoader(routeArgs(get("/privacy"))), sendsMail: true },
  });
  const section = /<section aria-labelledby="emails"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
  if (!section) throw new Error("no section about e-mails");
  const lines = [...section.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => text(match[1] ?? ""));
  return { lines, all: text(section) };
}

describe("the privacy notice's e-mails", () => {
  it("has one line for every kind of e-mail the site sends, saying when and what it holds", () => {
    const { lines } = mailSection();
    const missing = mailKinds.filter((kind) => !(kind in expectedLines));
    expect(missing, "kinds with no expected line in this test (add one, and a line to the notice)").toEqual([]);
    for (const kind of mailKinds) {
      const pattern = expectedLines[kind]!;
      expect(
        lines.filter((line) => pattern.test(line)),
        `one line of the notice about "${kind}"`,
      ).toHaveLength(1);
    }
    expect(lines, "one line per kind, no more").toHaveLength(mailKinds.length);
  });

  it("says the inbox records which e-mails went and when, how long their text is kept, and that erasure removes them", () => {
    const { all } = mailSection();
    expect(all).toContain("The council inbox keeps a record of which e-mails went out about each entry, and when.");
    expect(all).toContain(
      `The text of an e-mail is deleted ${privacyLoader(routeArgs(get("/privacy"))).mailDays} days after it was queued (a confirmation link's text as soon as it is sent)`,
    );
    expect(all).toContain("Erasing an entry, or your account, removes the e-mails about it.");
    expect(all).toContain("no date of birth, no phone number, no ID card, no enrollment number");
  });

  it("is not shown by a site that sends no e-mail", () => {
    const html = renderRoute({
      path: "/privacy",
      Component: Privacy,
      loaderData: { ...privacyLoader(routeArgs(get("/privacy"))), sendsMail: false },
    });
    expect(html).not.toContain('aria-labelledby="emails"');
  });
});
