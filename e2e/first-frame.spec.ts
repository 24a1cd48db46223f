import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { siteURL } from "./servers";

// Its tests hold parts of a page back with init scripts, which a shared tab would keep.
test.use({ sharedTab: false });

/**
 * A proxy to the test server that sends each page in two parts, as a slow network does: everything before `cut`,
 * then, after `pauseMs`, the rest. Everything else (scripts, images) passes through unchanged. `splitPages` counts the
 * pages it really cut; one without `cut` is answered 502, so a test can never pass on a page that came whole.
 */
async function splittingProxy(cut: string, pauseMs: number) {
  let splitPages = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? "/", siteURL));
      const type = upstream.headers.get("content-type") ?? "application/octet-stream";
      const headers = {
        "content-type": type,
        "content-security-policy": upstream.headers.get("content-security-policy") ?? "",
      };
      if (!type.startsWith("text/html")) {
        response.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
      const html = await upstream.text();
      const at = html.indexOf(cut);
      if (at <= 0) {
        response.writeHead(502, { "content-type": "text/plain" }).end(`The page does not contain ${cut}`);
        return;
      }
      splitPages += 1;
      response.writeHead(upstream.status, headers).write(html.slice(0, at));
      setTimeout(() => response.end(html.slice(at)), pauseMs);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    splitPages: () => splitPages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections open; closing waits for them otherwise.
        server.closeAllConnections();
      }),
  };
}

test.describe("a page that arrives in parts", { tag: "@scripts" }, () => {
  // Only in the projects with JavaScript (its tag, playwright.config.ts): the first frame is watched by a script.

  test("its first frame already shows the whole header: nothing in it moves when the rest arrives", async ({
    page,
  }) => {
    // Cut inside the header, before the account link: a browser painting what it has would show the bar without it.
    const proxy = await splittingProxy("data-account-link", 800);
    try {
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          const accountLink = document.querySelector("#site-header [data-account-link]");
          // Its name as read: the menu panel's copy is named by its label (its words are drawn by CSS).
          const name = accountLink?.getAttribute("aria-label") ?? accountLink?.textContent ?? null;
          Object.assign(window, { firstFrame: { accountLink: name } });
        });
      });
      await page.goto(`${proxy.url}/clubs`, { waitUntil: "commit" });
      const firstFrame = await page.waitForFunction(
        () => (window as unknown as { firstFrame?: { accountLink: string | null } }).firstFrame,
      );
      expect(proxy.splitPages(), "the page came in two parts").toBe(1);
      expect(await firstFrame.jsonValue()).toEqual({ accountLink: "Log in" });
    } finally {
      await proxy.close();
    }
  });
});
