import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** One message of the Nu HTML checker's JSON output (the fields the tests read). */
export interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/** The checker's jar, from the vnu-jar package (its own install script, which fetches a Java, stays off). */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * Checks every document in one run of the W3C Nu HTML checker (`vnu.jar`), the Java program behind validator.w3.org/nu,
 * and gives back each document's errors by its name. One Java start for all: the checker's start-up costs more than a
 * page. It reads files, as the service reads a page it is given (the command refuses addresses on this machine).
 *
 * A stylesheet met again in a later document (the site's whole stylesheet is inlined in every page) is checked once:
 * the later copies are blanked with spaces of the same length, so the checker spends nothing on them and every
 * position it reports stays true. Checking 60 kB of CSS in each page took about half the checker's time.
 */
export async function nuCheck(documents: { name: string; html: string }[]): Promise<Map<string, NuMessage[]>> {
  const folder = mkdtempSync(path.join(tmpdir(), "council-nu-"));
  const checkedStyles = new Set<string>();
  try {
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, blankRepeatedStyles(document.html, checkedStyles));
      return { name: document.name, url: pathToFileURL(file).href };
    });
    const output = await runChecker(files.map(({ url }) => new URL(url).pathname));
    const byUrl = new Map(files.map(({ name, url }) => [url, name]));
    const results = new Map<string, NuMessage[]>(documents.map(({ name }) => [name, []]));
    for (const { url, ...message } of output) {
      // The checker writes file URLs as file:/path; pathToFileURL as file:///path.
      const name = byUrl.get(url ? new URL(url).href : "");
      if (!name) throw new Error(`The checker reported on an unknown document: ${url} ${message.message}`);
      results.get(name)!.push(message);
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function blankRepeatedStyles(html: string, checked: Set<string>): string {
  return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g, (element, start: string, css: string, end: string) => {
    if (!checked.has(css)) {
      checked.add(css);
      return element;
    }
    return start + css.replace(/[^\n]/g, " ") + end;
  });
}

async function runChecker(files: string[]): Promise<(NuMessage & { url?: string })[]> {
  const java = process.env.JAVA ?? "java";
  // -Xss: the checker's schema needs a deep stack (it says 512k at least; a cold start needs more).
  // TieredStopAtLevel=1: the quick compiler only; on a busy 2-core machine the optimising one took the checker
  // from 12 s to 28 s for two dozen pages.
  const args = ["-Xss16m", "-XX:TieredStopAtLevel=1", "-jar", vnuJar, "--format", "json", "--errors-only"];
  const child = spawn(java, [...args, "--exit-zero-always", ...files], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exit = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`No ${java} on PATH: the Nu HTML checker needs Java 11 or later (Debian: default-jre-headless).`)
          : error,
      ),
    );
    child.once("close", resolve);
  });
  // The JSON report goes to standard error; anything else there is the checker failing.
  try {
    return (JSON.parse(stderr) as { messages: (NuMessage & { url?: string })[] }).messages;
  } catch {
    throw new Error(`The Nu HTML checker failed (exit ${exit}):\n${stdout}\n${stderr}`);
  }
}
