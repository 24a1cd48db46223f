import { parse, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { clubLink, clubs, publicPaths, site } from "~/content/content.server";
import { primaryLinks } from "~/components/shell/nav-links";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { localeOf, localizedPath } from "~/i18n/locale";
import { useProductionServer } from "../support/production-server";

/**
 * The pages as a text browser (w3m, Lynx) reads them, and as a screen reader's browse mode meets them before any
 * stylesheet hides or shows a thing: read from the production server's HTML with an HTML parser, the way such a
 * browser does, which applies no CSS, no ARIA and no `hidden` attribute. A link must say something in its own text,
 * lines set apart by CSS alone run together, and what the page shows twice for the eye is read twice. Needs
 * `npm run build` (npm test builds first).
 */
const server = useProductionServer("council-reading-test-", {});

type Node = DefaultTreeAdapterMap["childNode"] | DefaultTreeAdapterMap["document"];
type Element = DefaultTreeAdapterMap["element"];

const pagesWithForms = ["/join", "/login", "/suggestion", "/ideas", "/userProfileRegistration", "/sih/registration"];
const everyPage = [...publicPaths(), ...pagesWithForms, "/no-such-page"];

/** Elements a text browser starts on a line of their own, as w3m does with styles ignored. */
const blocks = new Set(
  "address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p section summary table tr ul".split(
    " ",
  ),
);
/** Never shown as text. */
const unread = new Set(["head", "script", "style", "template"]);

const isElement = (node: Node): node is Element => "tagName" in node;
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

function* elements(node: Node): Generator<Element> {
  for (const child of "childNodes" in node ? node.childNodes : []) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child);
  }
}

/** The lines a text browser shows for `node`: text and image alternatives, a new line at each block. */
function reading(node: Node): string[] {
  let text = "";
  const walk = (current: Node) => {
    if (current.nodeName === "#text" && "value" in current) text += current.value;
    if (!isElement(current) && current.nodeName !== "#document") return;
    if (isElement(current)) {
      if (unread.has(current.tagName)) return;
      if (current.tagName === "img") text += attribute(current, "alt") ?? "";
      if (blocks.has(current.tagName)) text += "\n";
    }
    for (const child of "childNodes" in current ? current.childNodes : []) walk(child);
    if (isElement(current) && blocks.has(current.tagName)) text += "\n";
  };
  walk(node);
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function insideHidden(element: Element): boolean {
  for (let node: Node | null = element; node && isElement(node); node = node.parentNode as Node | null) {
    if (attribute(node, "aria-hidden") === "true") return true;
  }
  return false;
}

/** A link's own words, ignoring what only assistive technology hears (aria-label, title). */
const linkText = (link: Element) => reading(link).join(" ");

function byId(document: Node, id: string): Element {
  const found = [...elements(document)].find((element) => attribute(element, "id") === id);
  if (!found) throw new Error(`no #${id} on the page`);
  return found;
}

async function page(path: string) {
  const response = await fetch(new URL(path, server.url));
  return parse(await response.text(), { scriptingEnabled: false });
}

describe("read without styles", () => {
  it.each(everyPage)("%s: every link says where it goes in its own words", async (path) => {
    const document = await page(path);
    const links = [...elements(document)].filter((element) => element.tagName === "a" && attribute(element, "href"));
    expect(links.length).toBeGreaterThan(5);
    // Decoration (the clubs strip's second copy) is no link for screen readers or the keyboard, only for the mouse.
    const decoration = (link: Element) => attribute(link, "tabindex") === "-1" && insideHidden(link);
    // The phone menu's copy of a link with words elsewhere on the page, whose own words the stylesheet draws: read
    // without styles, it is not met twice.
    const drawnCopy = (link: Element) =>
      [...elements(link)].some((element) => attribute(element, "data-drawn-text") !== undefined) &&
      links.some((other) => other !== link && attribute(other, "href") === attribute(link, "href") && linkText(other));
    const empty = links
      .filter((link) => linkText(link) === "" && !decoration(link) && !drawnCopy(link))
      .map((link) => attribute(link, "href"));
    expect(empty, "links that read as empty").toEqual([]);
  });

  it.each(everyPage)(
    "%s: the loading screen says nothing, the five links are read once, the message area comes before the content",
    async (path) => {
      const document = await page(path);
      const screen = byId(document, "loading-screen");
      expect(attribute(screen, "aria-hidden")).toBe("true");
      expect(reading(screen), "no words of the loading screen in the page's text").toEqual([]);

      const header = byId(document, "site-header");
      const headerLinks = [...elements(header)].filter((element) => element.tagName === "a");
      // In the page's language: /hi's bar says its words and links to the Hindi pages.
      const locale = localeOf(path);
      const words = (locale === "hi" ? hi : en).nav;
      for (const { to, label } of primaryLinks) {
        const named = headerLinks.filter((link) => linkText(link) === words[label]);
        expect(
          named.map((link) => attribute(link, "href")),
          `the bar's ${words[label]}`,
        ).toEqual([localizedPath(locale, to)]);
      }
      expect(reading(header), "the account link and the menu button are two").not.toContain("Log inOpen menu");

      const order = [...elements(document)].map((element) => attribute(element, "id"));
      expect(order.indexOf("toasts")).toBeLessThan(order.indexOf("main"));
    },
  );

  it.each(everyPage)("%s: a text browser meets each item of the header once", async (path) => {
    const document = await page(path);
    const header = byId(document, "site-header");
    const words = (localeOf(path) === "hi" ? hi : en).shell;
    const lines = reading(header);
    // Each of the header's links, buttons and names, counted by the text w3m shows for it.
    const linksWithWords = [...elements(header)]
      .filter((element) => element.tagName === "a" && linkText(element) !== "")
      .map(linkText);
    expect(new Set(linksWithWords).size, `the header's links: ${linksWithWords.join(" | ")}`).toBe(
      linksWithWords.length,
    );
    for (const text of [words.logIn, words.openMenu, words.closeMenu]) {
      expect(lines.join("\n").split(text).length - 1, `"${text}" in ${JSON.stringify(lines)}`).toBeLessThanOrEqual(1);
    }
    // w3m shows an <img> as "[its file name]" even with an empty alt: the logo is drawn once before the page's text,
    // in the header (the loading screen's is an SVG image, which text browsers skip).
    const top = [byId(document, "loading-screen"), header];
    const images = top.flatMap((part) => [...elements(part)].filter((element) => element.tagName === "img"));
    expect(images.map((image) => attribute(image, "src"))).toEqual([site.logo.src]);
  });

  it("the hackathon's rules and resources read apart: one number per rule, a title apart from its line", async () => {
    const lines = reading(await page("/sih"));
    expect(
      lines.filter((line) => /^\d+\p{L}/u.test(line)),
      "a badge's number glued to its rule",
    ).toEqual([]);
    expect(lines.some((line) => /PPT format\S/.test(line))).toBe(false);
    expect(lines.some((line) => line.startsWith("PPT format Download:"))).toBe(true);
  });

  it.each(everyPage)("%s: the first heading is the page's h1", async (path) => {
    const document = await page(path);
    const headings = [...elements(document)].filter((element) => /^h[1-6]$/.test(element.tagName));
    expect(headings[0]?.tagName).toBe("h1");
  });

  it("the home page's clubs strip lists each club once: its second copy is decoration", async () => {
    const document = await page("/");
    const section = [...elements(document)].find(
      (element) => element.tagName === "section" && attribute(element, "aria-labelledby") === "clubs-title",
    );
    expect(section).toBeDefined();
    const lines = reading(section!).join("\n");
    for (const club of clubs) {
      expect(lines.split(club.name).length - 1, club.name).toBe(1);
    }
    const copy = [...elements(section!)].find((element) => attribute(element, "data-strip-copy") !== undefined);
    expect(copy && attribute(copy, "aria-hidden")).toBe("true");
    const copyLinks = [...elements(copy!)].filter((element) => element.tagName === "a");
    expect(copyLinks).toHaveLength(clubs.length);
    for (const link of copyLinks) expect(attribute(link, "tabindex")).toBe("-1");
  });

  it("each club card on /clubs reads its name, then the caption, on lines of their own", async () => {
    const document = await page("/clubs");
    const cards = [...elements(document)].filter((element) => attribute(element, "data-club-card") !== undefined);
    expect(cards).toHaveLength(clubs.length);
    for (const [index, card] of cards.entries()) {
      const club = clubs[index]!;
      expect(reading(card), club.name).toEqual([club.name, site.name]);
      // The link's name is its text, which holds the caption it shows on hover.
      expect(attribute(card, "aria-label")).toBeUndefined();
      const logos = [...elements(card)].filter((element) => element.tagName === "img");
      expect(logos.map((logo) => attribute(logo, "alt"))).toEqual([club.name]);
    }
  });

  it.each(["/", "/clubs", "/hi/clubs", ...clubs.map(clubLink)])(
    "%s: every club logo reads as words, never as its file name (w3m shows an image without alt text as '[ev]')",
    async (path) => {
      const document = await page(path);
      const logoSources = new Set(clubs.map((club) => club.logo.src));
      const logos = [...elements(document)].filter(
        (element) =>
          element.tagName === "img" && logoSources.has(attribute(element, "src") ?? "") && !insideHidden(element),
      );
      expect(logos.length, "club logos on the page").toBeGreaterThan(0);
      for (const logo of logos) expect(attribute(logo, "alt")?.trim(), attribute(logo, "src")).toBeTruthy();
    },
  );

  it("the footer's address reads one line per line", async () => {
    const document = await page("/");
    const footer = [...elements(document)].find((element) => element.tagName === "footer");
    const lines = reading(footer!);
    for (const { en: line } of site.address) expect(lines, line).toContain(line);
    expect(lines).toContain(site.email);
  });

  it.each(everyPage)("%s: no two links side by side run their words together", async (path) => {
    const document = await page(path);
    const glued: string[] = [];
    for (const parent of [document, ...elements(document)]) {
      const children = "childNodes" in parent ? parent.childNodes : [];
      for (let index = 1; index < children.length; index++) {
        const [before, after] = [children[index - 1]!, children[index]!];
        if (!isElement(before) || !isElement(after) || before.tagName !== "a" || after.tagName !== "a") continue;
        // Links without words of their own (the clubs strip's decoration) have nothing to run together.
        if (linkText(before) && linkText(after)) glued.push(`${linkText(before)}${linkText(after)}`);
      }
    }
    expect(glued, "links read as one word").toEqual([]);
  });

  it("the home page's two calls to action read apart", async () => {
    const lines = reading(await page("/"));
    expect(lines).toContain("Explore the national hackathon Join the Council");
  });
});
