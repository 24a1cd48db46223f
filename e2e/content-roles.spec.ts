import { expect, test } from "./fixtures";
import { expectPublished, takeTurn } from "./content-helpers";
import { council, newCouncilAccount } from "./council-helpers";
import { field, toast, uniqueSuffix } from "./form-helpers";

/**
 * Who may edit what, at phone width, with JavaScript on and off: a club's coordinator (granted with `npm run council
 * -- grant <ID> --club <slug>`) sees only their club, changes its coordinator's name and the club's page shows it;
 * every other part and club answers 404 to them. A student gets 404, a visitor the login.
 */

test.use({ reducedMotion: "reduce" });

const club = { slug: "drone", name: "Drone Society" };

test("a coordinator changes their club's coordinator and nothing else; a student and a visitor get nothing", async ({
  page,
  request,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  // The 404s below are what is tested.
  allowConsoleErrors(/status of 404/);
  const coordinator = await newCouncilAccount(request, testInfo, { prefix: "CR", name: "Club Lead", member: false });
  expect(council("grant", coordinator.collegeId, "--club", club.slug)).toContain(coordinator.collegeId);
  const newName = `Coordinator ${uniqueSuffix(testInfo)}`;

  await test.step("a visitor is sent to log in; logged in, the coordinator lands on the content", async () => {
    await page.goto("/council/content");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcouncil%2Fcontent$/);
    await field(page, "College ID").fill(coordinator.collegeId);
    await field(page, "Password").fill(coordinator.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  });

  await test.step("they see their club alone, and every other page answers 404", async () => {
    const links = page.getByRole("main").getByRole("link", { name: /^Edit / });
    await expect(links).toHaveText([`Edit ${club.name}`]);
    for (const address of ["/council/content/site", "/council/content/clubs", "/council/content/clubs?at=[1]"]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
    }
  });

  const release = await takeTurn();
  try {
    await test.step("they change their club's coordinator, and the club's page shows it", async () => {
      await page.goto("/council/content");
      await page.getByRole("link", { name: `Edit ${club.name}` }).click();
      const name = page.getByRole("group", { name: "Coordinator" }).getByLabel("Name");
      await name.fill(newName);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(toast(page, "Saved and published: the site shows it within a few seconds.")).toBeVisible();
      await expectPublished(page, `/club/${club.slug}`, newName);
    });
  } finally {
    release();
  }

  await test.step("a student without a role gets 404", async () => {
    const student = await newCouncilAccount(request, testInfo, { prefix: "CS", name: "Student", member: false });
    await page.context().clearCookies();
    await page.goto("/login?redirectTo=%2Fcouncil%2Fcontent");
    await field(page, "College ID").fill(student.collegeId);
    await field(page, "Password").fill(student.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("404");
    expect((await page.goto("/council/content/clubs?at=[1]"))?.status()).toBe(404);
  });
});
