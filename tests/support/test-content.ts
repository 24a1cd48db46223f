import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The site's content as the tests give it to a server (CONTENT_DIR): a copy of data/ in which every registration
 * window (the hackathon's, then each Tarang category's) opened a year before `now` and closes a year after it, each
 * one a day later than the one before, so a page listing several shows which is which. The sample windows in data/
 * close on dates of their own; with this copy a test that registers a team passes whatever the date of the run, and
 * the council can change data/ without breaking a test.
 */
export function writeTestContent(directory: string, now: Date = new Date()): string {
  mkdirSync(directory, { recursive: true });
  for (const file of readdirSync(dataDirectory).filter((name) => name.endsWith(".json"))) {
    const content = JSON.parse(readFileSync(path.join(dataDirectory, file), "utf8")) as unknown;
    let windows = 0;
    const rewritten = withWindows(content, () => registrationWindowAround(now, windows++));
    writeFileSync(path.join(directory, file), `${JSON.stringify(rewritten, null, 2)}\n`);
  }
  return directory;
}

const dataDirectory = fileURLToPath(new URL("../../data", import.meta.url));

const dayMs = 24 * 60 * 60 * 1000;
const indiaOffsetMs = (5 * 60 + 30) * 60 * 1000;

export interface RegistrationWindow {
  opens: string;
  closes: string;
}

/**
 * Open from a year before `now` until a year (and `laterDays`) after it, on whole minutes, written in India's time as
 * data/ does.
 */
export function registrationWindowAround(now: Date, laterDays = 0): RegistrationWindow {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return { opens: indianMoment(minute - 365 * dayMs), closes: indianMoment(minute + (365 + laterDays) * dayMs) };
}

/** "2027-03-31T23:59:00+05:30" */
function indianMoment(time: number): string {
  return `${new Date(time + indiaOffsetMs).toISOString().slice(0, 19)}+05:30`;
}

/** Every `{ opens, closes }` object in the content replaced by the next `window()`, wherever the schema puts one. */
function withWindows(value: unknown, window: () => RegistrationWindow): unknown {
  if (Array.isArray(value)) return value.map((item) => withWindows(item, window));
  if (typeof value !== "object" || value === null) return value;
  if ("opens" in value && "closes" in value) return window();
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withWindows(item, window)]));
}
