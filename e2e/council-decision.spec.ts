import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { registerOverHttp, logInOverHttp } from "./account-helpers";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { toast, uniqueSuffix } from "./form-helpers";
import { waitForMail } from "./mail";
import { fillJoin, submitApplication } from "./student-forms";

/**
 * A council member tells a student the council's decision by e-mail, on a phone with JavaScript on and off: the
 * member accepts the application, reads the exact e-mail under it, presses "E-mail the decision to …", and the
 * student receives it once (the site's real SMTP delivery to the test server); accepting again offers nothing.
 */

test.use({ reducedMotion: "reduce" });

/** The council's words, as the site reads them (the test content is a copy of data/). */
const words = (
  JSON.parse(readFileSync(new URL("../data/decision-emails.json", import.meta.url), "utf8")) as {
    accepted: { subject: string; greeting: string; paragraphs: string[] };
  }
).accepted;

/** `npm run council -- grant …` against the e2e server's own database, as an administrator grants the role. */
function grantCouncilRole(collegeId: string) {
  const output = execFileSync(process.execPath, ["build/cli/council.js", "grant", collegeId], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test", DATABASE_PATH: process.env.E2E_DATABASE_PATH, COUNCIL_API_URL: "" },
  });
  expect(output).toContain(`Granted the council role to ${collegeId}`);
}

/** How many e-mails to `to` with exactly this subject the test SMTP server received. */
async function receivedCount(to: string, subject: string): Promise<number> {
  const directory = process.env.COUNCIL_E2E_MAIL_DIRECTORY!;
  let count = 0;
  for (const name of readdirSync(directory).filter((file) => file.endsWith(".eml"))) {
    const mail = await simpleParser(readFileSync(path.join(directory, name)));
    const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
      group.value.map((entry) => entry.address?.toLowerCase()),
    );
    if (recipients.includes(to.toLowerCase()) && mail.subject === subject) count += 1;
  }
  return count;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a member accepts an application, reads the e-mail, sends it once, and the student receives it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const applicant = {
    name: `Asha Verma ${suffix}`,
    enrollment: `DM${suffix}`,
    email: `decision.${suffix.toLowerCase()}@example.com`,
  };

  await test.step("a student applies to join", async () => {
    await gotoAndSettle(page, "/join");
    await fillJoin(page, applicant);
    await submitApplication(page);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
  });

  // Then a council member signs in on the same phone.
  const member = page;
  const account = await registerOverHttp(request, testInfo);
  grantCouncilRole(account.enrollment);
  await logInOverHttp(member, account);

  const entry = member.getByRole("article", { name: applicant.name, exact: true });
  const panel = entry.getByRole("region", { name: "Tell the student: accepted" });
  const sendButton = entry.getByRole("button", { name: `E-mail the decision to ${applicant.name}` });
  let subject = "";
  let club = "";
  const filled = (text: string) => text.replaceAll("{club}", club).replaceAll("{siteName}", "Student Council");

  await test.step("the member accepts it, and the entry shows the exact e-mail and the button", async () => {
    await gotoAndSettle(member, `/council?q=${encodeURIComponent(applicant.email)}`);
    await expect(entry).toHaveCount(1);
    await expect(sendButton).toHaveCount(0);
    await entry.getByRole("button", { name: `Accept: ${applicant.name}` }).click();
    await expect(toast(member, "Application accepted.")).toBeVisible();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(`This e-mail goes to ${applicant.email}`);
    await expect(panel).toContainText("Hello Asha,");
    const subjectPattern = new RegExp(escapeRegExp(words.subject).replace("\\{club\\}", "(.+)"));
    const shown = (await panel.textContent()) ?? "";
    club = subjectPattern.exec(shown)?.[1] ?? "";
    expect(club, "the subject names the club").not.toBe("");
    subject = filled(words.subject);
    for (const paragraph of words.paragraphs) await expect(panel).toContainText(filled(paragraph));
    await expectNoA11yViolations(member);
  });

  await test.step("the member presses the button: a toast, the panel gone, the history says who", async () => {
    await sendButton.click();
    await expect(toast(member, "The student will be e-mailed that the application was accepted.")).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(entry).toContainText(new RegExp(`Decision e-mailed on .+ IST by ${account.enrollment}`));
    await expect(entry).toContainText(/Decision \(accepted\): (queued|sent)/);
  });

  await test.step("the student receives the e-mail, in the council's words", async () => {
    const mail = await waitForMail(applicant.email, { subject: new RegExp(`^${escapeRegExp(subject)}$`) });
    expect(mail.text).toContain("Hello Asha,");
    for (const paragraph of words.paragraphs) expect(mail.text).toContain(filled(paragraph));
  });

  await test.step("declining and accepting again never offers the accepted e-mail again", async () => {
    await entry.getByRole("button", { name: `Decline: ${applicant.name}` }).click();
    await expect(toast(member, "Application declined.")).toBeVisible();
    // A different decision could be told once: its own panel.
    await expect(entry.getByRole("region", { name: "Tell the student: declined" })).toBeVisible();
    await entry.getByRole("button", { name: `Accept: ${applicant.name}` }).click();
    await expect(toast(member, "Application accepted.")).toBeVisible();
    await expect(entry.getByRole("region", { name: /^Tell the student/ })).toHaveCount(0);
    await expect(sendButton).toHaveCount(0);
    // The sender delivers within moments: anything sent twice would be here by now.
    await member.waitForTimeout(2_000);
    expect(await receivedCount(applicant.email, subject)).toBe(1);
  });
});
