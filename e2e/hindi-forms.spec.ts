import { gotoAndSettle, test } from "./fixtures";
import { checkJoinRulesInOrder } from "./join-rules";

/**
 * The application form on its Hindi page (/hi/join), with JavaScript on and off: the same rules in the same order as
 * forms.spec.ts checks on the English page (e2e/join-rules.ts, written once for both), said in Hindi, the page
 * staying Hindi. This file runs paired (playwright.config.ts), the English one in every project.
 */

test.use({ reducedMotion: "reduce" });

test("/hi/join refuses an application in Hindi, in the specified order, with scripts and without", async ({
  page,
  allowConsoleErrors,
  javaScriptEnabled,
}) => {
  await gotoAndSettle(page, "/hi/join");
  await checkJoinRulesInOrder({ page, allowConsoleErrors, javaScriptEnabled }, "hi");
});
