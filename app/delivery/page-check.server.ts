import { parse, parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageOfRoute } from "~/pages-derived";
import { deliveries } from "./delivery";
import { heldScriptsId } from "./held-scripts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const isElement = (node: Node): node is Element => "tagName" in node;
const textOf = (element: Element) =>
  element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");

/** Every element of a tree in document order; a <template>'s content only when asked. */
function* elements(node: Node, { intoTemplates = false } = {}): Generator<Element> {
  if (isElement(node)) yield node;
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* elements(child, { intoTemplates });
  if (intoTemplates && isElement(node) && node.tagName === "template" && "content" in node) {
    yield* elements(node.content, { intoTemplates });
  }
}

/** An inline script as a browser with scripting on runs it: outside templates, with its text and nonce. */
export interface InlineScript {
  text: string;
  nonce: string | undefined;
  type: string | undefined;
}

/**
 * A page's HTML read with a real HTML parser (as a browser with scripting on reads it), by the site's own marks:
 * its inline scripts, whether it loads any script file or preload, and what its held block holds.
 */
export function readPage(html: string) {
  const document = parse(html);
  const live = [...elements(document)];
  const inlineScripts: InlineScript[] = live
    .filter((element) => element.tagName === "script" && attribute(element, "src") === undefined)
    .map((element) => ({
      text: textOf(element),
      nonce: attribute(element, "nonce"),
      type: attribute(element, "type"),
    }));
  const loadsCode = live.some(
    (element) =>
      (element.tagName === "script" && attribute(element, "src") !== undefined) ||
      (element.tagName === "script" && attribute(element, "type") === "module") ||
      (element.tagName === "link" && attribute(element, "rel") === "modulepreload"),
  );
  const root = live.find((element) => element.tagName === "html");
  const template = live.find((element) => element.tagName === "template" && attribute(element, "id") === heldScriptsId);
  // With scripting on, the template's <noscript> holds its markup as text, which the starter parses in turn.
  const heldMarkup = template
    ? [...elements(template, { intoTemplates: true })]
        .filter((element) => element.tagName === "noscript")
        .map(textOf)
        .join("")
    : undefined;
  const held = heldMarkup === undefined ? [] : [...elements(parseFragment(heldMarkup))];
  return {
    inlineScripts,
    loadsCode,
    delivery: root && attribute(root, "data-delivery"),
    heldBlock: template !== undefined,
    heldModuleScripts: held.filter((element) => element.tagName === "script" && attribute(element, "type") === "module")
      .length,
    heldPreloads: held.filter((element) => element.tagName === "link" && attribute(element, "rel") === "modulepreload")
      .length,
  };
}

/** What is wrong with a page that ships the framework, as delivered: nothing, or one line per problem. */
export function heldScriptsProblems(html: string): string[] {
  const page = readPage(html);
  const problems: string[] = [];
  if (!page.heldBlock) problems.push(`no <template id="${heldScriptsId}"> holds the page's scripts`);
  else if (page.heldModuleScripts === 0) problems.push("the held block holds no module script");
  if (page.loadsCode) problems.push("a script file, module script or module preload is outside the held block");
  return problems;
}

/**
 * The start-up check (server.js): renders the first page that ships the framework through the build, as a visitor's
 * request would be, and reads it. A React or React Router update that wrote the scripts elsewhere stops the server
 * with the reason, instead of serving pages that load all their code before they are used.
 */
export async function checkDelivery(build: ServerBuild): Promise<string[]> {
  const route = Object.values(build.routes).find((candidate) => {
    const page = candidate && pageOfRoute(candidate.id);
    return (
      candidate?.path !== undefined &&
      !candidate.path.includes(":") &&
      !candidate.path.includes("*") &&
      page !== undefined &&
      deliveries[page.delivery].framework === "on-use"
    );
  });
  if (!route?.path) return ["no route ships the framework: nothing to check"];
  const handle = createRequestHandler(build, "production");
  const response = await handle(new Request(new URL(`/${route.path}`, "http://localhost")));
  if (response.status !== 200) return [`/${route.path} answered ${response.status} to the start-up check`];
  return heldScriptsProblems(await response.text()).map((problem) => `/${route.path}: ${problem}`);
}
