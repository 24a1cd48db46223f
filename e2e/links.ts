import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The link check every page spec shares: internal links lead to a page answering 200 (or to an element of the same
 * page), external ones open a new tab without handing over the opener.
 */

/** Pages that send a visitor who is not signed in elsewhere (the profile goes to the login page, in its language). */
const signedInOnly = new Map([
  ["/userProfile", "/login"],
  ["/hi/userProfile", "/hi/login"],
]);

/** Status of each internal path, asked once per worker: most links (shell, footer) repeat on every page. */
const internalStatus = new Map<string, Promise<number>>();

function statusOf(request: APIRequestContext, path: string): Promise<number> {
  let status = internalStatus.get(path);
  if (!status) {
    status = request.get(path, { maxRedirects: 0 }).then((response) => {
      const location = response.headers()["location"];
      const expectedLocation = signedInOnly.get(path);
      if (expectedLocation && location === expectedLocation) return 200;
      // The language link remembers the choice and sends the visitor on to the twin, which must answer in turn.
      const languageLink = new URL(path, "http://site");
      if (languageLink.pathname === "/language" && response.status() === 303) {
        const twin = languageLink.searchParams.get("to");
        return twin !== null && location === twin ? statusOf(request, twin) : response.status();
      }
      return response.status();
    });
    internalStatus.set(path, status);
  }
  return status;
}

/**
 * Internal links lead to a page answering 200 (or to an element of this page); external ones open a new tab. The
 * language link leads to the twin, which answers as this page does (`ownStatus`: a missing page's twin is missing).
 */
export async function expectLinksWork(page: Page, request: APIRequestContext, ownStatus = 200) {
  const links = await page.locator("a[href]").evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute("href") ?? "",
      url: (anchor as HTMLAnchorElement).href,
      target: anchor.getAttribute("target"),
      rel: anchor.getAttribute("rel") ?? "",
      name: (anchor.getAttribute("aria-label") ?? anchor.textContent ?? "").trim(),
    })),
  );
  expect(links.length).toBeGreaterThan(0);
  const here = new URL(page.url());
  const problems: string[] = [];
  const internalPaths = new Set<string>();

  for (const link of links) {
    const url = new URL(link.url);
    if (url.protocol === "mailto:" || url.protocol === "tel:") continue;
    if (url.origin !== here.origin) {
      const rel = link.rel.split(/\s+/);
      if (link.target !== "_blank" || !rel.includes("noopener") || !rel.includes("noreferrer")) {
        problems.push(
          `external link "${link.name}" (${link.href}) must open in a new tab with rel="noopener noreferrer"`,
        );
      }
      continue;
    }
    if (url.pathname === here.pathname && url.search === here.search && url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      const found = await page.evaluate((wanted) => document.getElementById(wanted) !== null, id);
      if (!found) problems.push(`in-page link "${link.name}" (${link.href}) has no element with id "${id}"`);
      continue;
    }
    internalPaths.add(`${url.pathname}${url.search}`);
  }

  await Promise.all(
    [...internalPaths].map(async (path) => {
      const status = await statusOf(request, path);
      // The language link leads to the same page in the other language: a missing page's twin is missing too.
      const expected = path.startsWith("/language?") ? ownStatus : 200;
      if (status !== expected) {
        problems.push(`internal link to ${path} answers ${status}, not ${expected}`);
      }
    }),
  );
  expect(problems, problems.join("\n")).toEqual([]);
}
