import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldScriptsId } from "~/delivery/held-scripts";
import { inlineScripts } from "~/delivery/inline-scripts";
import { chromiumFlags, chromiumPath } from "../../scripts/lib/chromium.mjs";

/**
 * The inline programs as the build makes them (the text the server writes and hashes), run in Chromium on small pages
 * served over HTTP (cookies need an origin): each does what the site relies on it for.
 */
let browser: Browser;
let server: Server;
let origin = "";
const pages = new Map<string, string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/module.js") {
      response.writeHead(200, { "Content-Type": "text/javascript" }).end("window.moduleRan = true;");
      return;
    }
    const html = pages.get(request.url ?? "");
    // The browser asks for a favicon; an empty answer is not an error on the page.
    if (request.url === "/favicon.ico") return void response.writeHead(204).end();
    response.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" }).end(html ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The full Chromium visitors run: the starter is tested on whether a page is used, and the headless shell moves a
  // mouse over every page it loads.
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const script = (text: string) => `<script>${text}</script>`;

async function open(path: string, html: string): Promise<{ page: Page; errors: string[] }> {
  pages.set(path, html);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${origin}${path}`);
  return { page, errors };
}

describe("the inline programs, built, in Chromium", () => {
  it("the <head> program shows the loading screen on a session's first page view only, and marks a dismissed popup", async () => {
    const html = `<!DOCTYPE html><html><head>${script(inlineScripts.head)}</head><body><p>page</p></body></html>`;
    pages.set("/head", html);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // Every value the mark takes, in order, seen from before the page's own scripts: on a busy machine the screen can
    // be over before a check from outside the page reads it.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      Object.assign(window, { loadingScreenMarks: seen });
      new MutationObserver(() => {
        const mark = document.documentElement.getAttribute("data-loading-screen");
        if (seen.at(-1) !== mark) seen.push(mark);
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-loading-screen"] });
    });
    await page.goto(`${origin}/head`);
    const root = page.locator("html");
    await page.locator("html[data-loading-screen=over]").waitFor({ state: "attached" });
    expect(
      await page.evaluate(() => (window as unknown as { loadingScreenMarks: string[] }).loadingScreenMarks),
    ).toEqual(["shown", "over"]);
    await page.reload();
    expect(await root.getAttribute("data-loading-screen"), "a later page view").toBeNull();
    expect(await root.getAttribute("data-popup-dismissed")).toBeNull();
    await page.context().addCookies([{ name: "hackathon-popup", value: "dismissed", url: origin }]);
    await page.reload();
    expect(await root.getAttribute("data-popup-dismissed")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the behaviours program attaches what the page asks for: a toast's close button takes it away", async () => {
    const html =
      `<!DOCTYPE html><html><head></head><body><div id="toasts" data-behaviour="toasts">` +
      `<div data-toast-type="success" data-toast-duration="60000"><p>Sent</p>` +
      `<button type="button" data-toast-close="">Close</button></div></div>` +
      `${script(inlineScripts.behaviours)}</body></html>`;
    const { page, errors } = await open("/behaviours", html);
    const toast = page.locator("[data-toast-type]");
    await expect
      .poll(() => toast.evaluate((element) => (element as HTMLElement).style.animationDuration))
      .toBe("60000ms");
    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => toast.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the starter runs the held classic scripts at once, and the module only once the page is used", async () => {
    const held =
      `<template id="${heldScriptsId}"><noscript><link rel="modulepreload" href="/module.js">` +
      `<script>window.contextRan = true;</script><script type="module" async="">import "/module.js";</script>` +
      `</noscript></template>`;
    const html =
      `<!DOCTYPE html><html><head></head><body><p>A page to read</p>${held}` +
      `${script(inlineScripts.starter)}</body></html>`;
    const { page, errors } = await open("/starter", html);
    const state = () => page.evaluate(() => ({ context: "contextRan" in window, module: "moduleRan" in window }));
    expect(await state()).toEqual({ context: true, module: false });
    await page.waitForTimeout(500);
    expect((await state()).module, "a reader downloads nothing").toBe(false);
    await page.mouse.move(20, 20);
    await page.mouse.move(30, 30);
    await expect.poll(async () => (await state()).module).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the starter says so, loudly, when the held block holds no module script", async () => {
    const held = `<template id="${heldScriptsId}"><noscript><script>window.contextRan = true;</script></noscript></template>`;
    const { page, errors } = await open(
      "/starter-empty",
      `<!DOCTYPE html><html><body>${held}${script(inlineScripts.starter)}</body></html>`,
    );
    expect(errors).toEqual(["The held scripts hold no module script: the page cannot start its scripts."]);
    await page.close();
  });
});
