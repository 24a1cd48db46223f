import { expect, test } from "./fixtures";
import { newCouncilAccount } from "./council-helpers";
import { field } from "./form-helpers";

/**
 * On a slow phone a visitor is typing by the time React hydrates the page. What they typed stays, also in a textarea
 * that came with text (an editor's field, a form shown again with its entries): React 19 would reset such a textarea
 * to the server's text while hydrating (app/delivery/typed-before-hydration.tsx).
 */

test("what was typed into a filled textarea before the scripts ran stays once they run", async ({
  page,
  request,
  isMobile,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled || !isMobile, "only scripts can take the text away; a phone is where they arrive late");
  const member = await newCouncilAccount(request, testInfo, { prefix: "TB", name: "Typing Member", member: true });
  await page.goto("/council");
  await field(page, "College ID").fill(member.collegeId);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("navigation", { name: "Council pages" })).toBeVisible();

  // The page's scripts are held back, as a slow network would, until the member has typed.
  const held: (() => void)[] = [];
  let holding = true;
  await page.route("**/assets/*.js", async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page.goto("/council/content/site", { waitUntil: "commit" });
  const english = page.getByRole("group", { name: "About blurb" }).getByLabel("English");
  await expect(english).not.toHaveValue("");
  await english.fill("Typed while the page was still loading.");
  await expect.poll(() => held.length, { message: "the page asked for its scripts" }).toBeGreaterThan(0);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  holding = false;
  for (const release of held) release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
  await expect(english).toHaveValue("Typed while the page was still loading.");
});
