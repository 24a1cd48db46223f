import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { actAsOwnClient, field, toast } from "./form-helpers";
import { waitForMail } from "./mail";
import { siteURL } from "./servers";
import { addMembersToSix, fillMember, fillTeamDetails, newTeam, registerTeam } from "./student-forms";

/**
 * A team member's answer, with JavaScript on and off, against the real SMTP server the run starts: a leader registers
 * a team of six; a member finds their notice (the team, its leader, one link to the site's own page), opens the link
 * (nothing changes), removes themselves without an account; the leader receives the e-mail saying so. A leader who
 * registered the team while signed in, before confirming the address, tells the members from the profile once it is
 * confirmed, sees the team incomplete there and adds a member.
 */

test.use({ reducedMotion: "reduce" });

test("a member removes themselves from the link in their notice, and the leader hears of it", async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  // The used link's page is answered with HTTP 404, which the browser logs.
  allowConsoleErrors(/status of 404/);
  await actAsOwnClient(page);
  const team = newTeam(testInfo, [2]);
  const [leader, , leaving] = team.members as [(typeof team.members)[number], unknown, (typeof team.members)[number]];

  await test.step("the leader registers the team", async () => {
    await gotoAndSettle(page, "/sih/registration");
    await fillTeamDetails(page, team);
    await fillMember(page, 1, leader);
    await addMembersToSix(page);
    for (let row = 2; row <= 6; row += 1) await fillMember(page, row, team.members[row - 1]!);
    await registerTeam(page);
    await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  });

  await test.step("the leader's receipt holds the link whose button tells the members", async () => {
    const receipt = await waitForMail(leader.email, { subject: /We received your hackathon team/ });
    const tell = receipt.links.find((href) => href.includes("/sih/team-member?token="));
    expect(tell, receipt.text).toBeDefined();
    await gotoAndSettle(page, tell!);
    await page.getByRole("button", { name: "Tell my team's members" }).click();
    await expect(
      toast(page, "Your team's members have been told: each got an e-mail with their own link."),
    ).toBeVisible();
  });

  const notice = await waitForMail(leaving.email, { subject: /added to a hackathon team/ });
  const link = notice.links.find((href) => href.includes("/sih/team-member?token="));
  await test.step("the notice names the team and its leader, with one link to this site, and no phone number", () => {
    expect(link, notice.text).toBeDefined();
    expect(link!.startsWith(`${siteURL}/sih/team-member?token=`)).toBe(true);
    expect(notice.text).toContain(`${leader.name} registered the team "${team.teamName}"`);
    expect(notice.links.filter((href) => href.includes("/sih/team-member"))).toEqual([link]);
    expect(notice.text + notice.html).not.toContain(leaving.phone);
  });

  await test.step("opening the link names the team and changes nothing", async () => {
    await gotoAndSettle(page, link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your place in a hackathon team");
    await expect(page.getByRole("main")).toContainText(`registered the team ${team.teamName}`);
    await expect(page.getByRole("button", { name: "Yes, I am in this team" })).toBeVisible();
    await expectNoA11yViolations(page);
    await gotoAndSettle(page, link!);
    await expect(page.getByRole("button", { name: "Remove me from this team" })).toBeVisible();
  });

  await test.step("'Remove me from this team' removes them at once, without an account", async () => {
    await page.getByRole("button", { name: "Remove me from this team" }).click();
    await expect(
      toast(
        page,
        `You were removed from the team ${team.teamName}, and your details with you. Its leader has been told by e-mail.`,
      ),
    ).toBeVisible();
    await expect(page.getByText("You are no longer in the team")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove me from this team" })).toHaveCount(0);
  });

  await test.step("the leader receives the e-mail saying so", async () => {
    const told = await waitForMail(leader.email, { subject: /A member left your hackathon team/ });
    expect(told.text).toContain(
      `${leaving.name} removed themselves from ${team.teamName}; the team now has 5 of 6 members; add a member from your profile.`,
    );
  });

  await test.step("the link no longer works", async () => {
    await gotoAndSettle(page, link!);
    await expect(page.getByText(/^This link is not valid\./)).toBeVisible();
  });
});

test("the signed-in leader confirms the address, tells the members from the profile and adds a member", async ({
  page,
  request,
}, testInfo) => {
  await actAsOwnClient(page);
  const account = await registerOverHttp(request, testInfo);
  await logInOverHttp(page, account);
  const team = newTeam(testInfo, [2]);
  const leader = { ...team.members[0]!, name: account.username, email: account.email };
  const leaving = team.members[3]!;

  await test.step("the leader registers the team while signed in", async () => {
    await gotoAndSettle(page, "/sih/registration");
    await fillTeamDetails(page, team);
    await fillMember(page, 1, leader);
    await addMembersToSix(page);
    for (let row = 2; row <= 6; row += 1) await fillMember(page, row, team.members[row - 1]!);
    await registerTeam(page);
    await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  });

  // Sent before the address was confirmed, the team waits for its leader's word (docs/decisions/0022); the first
  // test tells the members through the receipt's link, this one from the profile once the address is proven.
  const yourData = page.getByRole("region", { name: "What you sent" });
  const tellMembers = yourData.getByRole("button", { name: "Tell my team's members" });
  await test.step("once the leader confirms the address, the profile's button tells the members", async () => {
    await gotoAndSettle(page, "/userProfile");
    await expect(tellMembers, "not before the address is proven").toHaveCount(0);
    const verification = await waitForMail(account.email, { subject: /^Confirm your e-mail address/ });
    const confirm = verification.links.find((href) => href.includes("/verify-email?token="));
    expect(confirm, verification.text).toBeDefined();
    await gotoAndSettle(page, confirm!);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(tellMembers).toBeVisible();
    await expectNoA11yViolations(page);
    await tellMembers.click();
    await expect(
      toast(page, "Your team's members have been told: each got an e-mail with their own link."),
    ).toBeVisible();
    await expect(tellMembers, "told once").toHaveCount(0);
  });

  await test.step("a member removes themselves from their link", async () => {
    const notice = await waitForMail(leaving.email, { subject: /added to a hackathon team/ });
    await gotoAndSettle(
      page,
      notice.links.find((href) => href.includes("/sih/team-member?token="))!,
    );
    await page.getByRole("button", { name: "Remove me from this team" }).click();
    await expect(page.getByText("You are no longer in the team")).toBeVisible();
  });

  await test.step("the profile shows the team incomplete, with each member's answer", async () => {
    await gotoAndSettle(page, "/userProfile");
    await expect(yourData.getByText("Incomplete: 5 of 6 members")).toBeVisible();
    await expect(yourData.getByText(`${team.members[1]!.name}: not confirmed yet`)).toBeVisible();
    await expect(yourData.getByText(leaving.name)).toHaveCount(0);
  });

  const newcomer = { name: `Neha ${team.teamName}`, email: `neha.${leaving.email}` };
  await test.step("'Add a member' adds one, who gets their own notice, and the team is complete again", async () => {
    await yourData.getByRole("link", { name: "Add a member" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a team member");
    await expectNoA11yViolations(page);
    await field(page, "Name").fill(newcomer.name);
    await field(page, "Email").fill(newcomer.email);
    await field(page, "Phone").fill("9876500777");
    await field(page, "Gender").selectOption("female");
    await field(page, "Institution").fill("Technocrats Institute of Technology");
    await page.getByRole("button", { name: "Add this member" }).click();
    // The leader is proven now and the members were told: the newcomer is written to at once.
    await expect(
      toast(page, "The member was added: your team has 6 of 6 members. We sent them an e-mail with their own link."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(yourData.getByText("Complete: 6 of 6 members")).toBeVisible();
    await expect(yourData.getByRole("link", { name: "Add a member" })).toHaveCount(0);
    const notice = await waitForMail(newcomer.email, { subject: /added to a hackathon team/ });
    expect(notice.text).toContain(`${account.username} registered the team "${team.teamName}"`);
  });
});
