import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hi } from "~/i18n/catalogue/hi";
import type { ComposedMail } from "~/server/mail/compose.server";
import { hackathonEvent, mailsIn } from "../support/sample-mails";

/**
 * Every Hindi text the site says, read once as a proofreader would: the catalogue, the Hindi of data/*.json, the
 * privacy notice and every e-mail rendered with sample values (the hackathon's place as data/events.json gives it).
 * No word twice in a row ("कैंपस में में होगा"), and each word in the one spelling docs/hindi-glossary.md fixes.
 */

/** A Devanagari letter, sign or digit: a word's inside (the danda "।" and "॥" end a sentence, not a word). */
const letter = "[\\u0900-\\u0963\\u0966-\\u097F]";

/** Every string value under an object, nested. */
const stringsIn = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.values(value as Record<string, unknown>).flatMap(stringsIn)
      : [];

/** The Hindi of a data file: every string under a "hi" key, at any depth. */
function hindiOf(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    key === "hi" ? stringsIn(inner) : hindiOf(inner),
  );
}

const dataFiles = readdirSync("data").filter((name) => name.endsWith(".json"));
const readJson = (name: string): unknown => JSON.parse(readFileSync(`data/${name}`, "utf8"));

/** The hackathon as the server hands it to the team e-mails, from data/events.json. */
/** The parts of an e-mail as a reader meets them: the subject, the text part, and the HTML part's words. */
const partsOf = ([kind, mail]: [string, ComposedMail]): [string, string][] => [
  [`${kind}: subject`, mail.subject],
  [`${kind}: text`, mail.text],
  [`${kind}: html`, mail.html.replace(/<[^>]*>/g, " | ")],
];

/** Every Hindi text, named by where it lives. */
function hindiTexts(): [string, string][] {
  const catalogue = stringsIn(hi).map((text): [string, string] => ["app/i18n/catalogue/hi", text]);
  const data = dataFiles.flatMap((name) =>
    hindiOf(readJson(name)).map((text): [string, string] => [`data/${name}`, text]),
  );
  // The notice's JSX, its lines joined as the browser joins them.
  const notice = readFileSync("app/components/privacy/privacy-notice-hi.tsx", "utf8").replace(/\s+/g, " ");
  return [...catalogue, ...data, ["privacy-notice-hi.tsx", notice], ...mailsIn("hi").flatMap(partsOf)];
}

/** Each Devanagari word said twice in a row, with only spaces between ("में में"). */
function repeatedWords(text: string): string[] {
  const twice = new RegExp(`(?<!${letter})(${letter}+)\\s+\\1(?!${letter})`, "gu");
  return [...text.matchAll(twice)].map((match) => match[0]);
}

/** The words of a text. */
const wordsOf = (text: string) => text.match(new RegExp(`${letter}+`, "gu")) ?? [];

/** A word with the dots and nasal marks a spelling may vary in taken out: two spellings of one word meet here. */
const skeleton = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\u093C/g, "")
    .replace(/\u0901/g, "\u0902");

/** The glossary's "One spelling" table: each row's spelling to write, and the spellings it replaces. */
function glossarySpellings(): { write: string[]; not: string[] }[] {
  const glossary = readFileSync("docs/hindi-glossary.md", "utf8");
  const section = glossary.split(/^## /m).find((part) => part.startsWith("One spelling"));
  if (!section) throw new Error('docs/hindi-glossary.md has no "## One spelling" section');
  const cells = (cell: string) =>
    cell
      .split("/")
      .map((word) => word.trim())
      .filter(Boolean);
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(write|-)/.test(line))
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .map(([, write = "", not = ""]) => ({ write: cells(write), not: cells(not) }));
}

/** Where a phrase occurs as whole words. */
const wholeWords = (phrase: string) =>
  new RegExp(`(?<!${letter})${phrase.normalize("NFC").replace(/ /g, "\\s+")}(?!${letter})`, "u");

describe("every Hindi text reads as written once, by one hand", () => {
  it("says no word twice in a row: catalogue, data, privacy notice, and every e-mail with sample values", () => {
    const repeated = hindiTexts().flatMap(([where, text]) => repeatedWords(text).map((words) => `${where}: ${words}`));
    expect(repeated).toEqual([]);
  });

  it("(the check finds a repeated word, and leaves a word written twice with a hyphen or a danda alone)", () => {
    expect(repeatedWords("यह मेन ऑडिटोरियम, कैंपस में में होगा।")).toEqual(["में में"]);
    expect(repeatedWords("टीम टीम")).toEqual(["टीम टीम"]);
    expect(repeatedWords("अलग-अलग ब्रांच, रोज़-रोज़; नियम। नियम")).toEqual([]);
    expect(repeatedWords("कैंपस में मेंटर")).toEqual([]);
  });

  it("the team e-mails name the hackathon's place as data/events.json gives it, in a sentence of its own", () => {
    const location = hackathonEvent().hi!.location;
    expect(location).toMatch(/में$/);
    for (const [kind, mail] of mailsIn("hi").filter(([kind]) => /^team-(receipt|member-notice)/.test(kind))) {
      expect(mail.text, kind).toContain(`तक होगा। जगह: ${location}।`);
      expect(mail.html, kind).toContain(`तक होगा। जगह: ${location}।`);
    }
    const english = hackathonEvent().when.location;
    for (const [kind, mail] of mailsIn("en").filter(([kind]) => /^team-(receipt|member-notice)/.test(kind))) {
      expect(mail.text, kind).toContain(`18:00 IST. Where: ${english}.`);
      expect(mail.html, kind).toContain(`18:00 IST. Where: ${english}.`);
    }
  });

  it("the English team-disbanded e-mail says which team went, in one plain sentence", () => {
    const [, mail] = mailsIn("en").find(([kind]) => kind === "team-disbanded")!;
    expect(mail.text).toContain(
      'Asha Verma, the leader of the team "Byte Squad", deleted their account on the Student Council website, and the team registered for SIH 2025 Internal Hackathon was removed with it.',
    );
    expect(mail.text).not.toContain("removed with it for");
  });

  it("writes क, ख and ग without the dot (तारीख, खुद, मौका), as the glossary does; ज़ and फ़ keep theirs", () => {
    const dotted = /[\u0958-\u095A]|[कखग]\u093C/u;
    const found = hindiTexts().flatMap(([where, text]) =>
      wordsOf(text.normalize("NFC"))
        .filter((word) => dotted.test(word.normalize("NFD")) || dotted.test(word))
        .map((word) => `${where}: ${word}`),
    );
    expect(found).toEqual([]);
    const words = new Set(hindiTexts().flatMap(([, text]) => wordsOf(text)));
    for (const kept of ["ज़रूरी", "फ़ॉर्म", "फ़ेस्ट"]) expect(words.has(kept), kept).toBe(true);
  });

  it("spells every word one way: no two spellings that differ only in a dot or a nasal mark", () => {
    const spellings = new Map<string, Set<string>>();
    for (const [, text] of hindiTexts())
      for (const word of wordsOf(text.normalize("NFC")))
        spellings.set(skeleton(word), (spellings.get(skeleton(word)) ?? new Set()).add(word));
    const twoWays = [...spellings.values()].filter((forms) => forms.size > 1).map((forms) => [...forms].join(" / "));
    expect(twoWays).toEqual([]);
  });

  it("uses the glossary's spelling and word where it fixes one, and never the one it replaces", () => {
    const rows = glossarySpellings();
    expect(rows.length).toBeGreaterThan(5);
    const texts = hindiTexts();
    for (const { write, not } of rows) {
      for (const avoided of not) {
        const where = texts.filter(([, text]) => wholeWords(avoided).test(text.normalize("NFC"))).map(([at]) => at);
        expect(where, `"${avoided}" (write "${write.join(" / ")}")`).toEqual([]);
      }
      expect(
        write.some((spelling) => texts.some(([, text]) => wholeWords(spelling).test(text.normalize("NFC")))),
        `"${write.join(" / ")}" is used somewhere`,
      ).toBe(true);
    }
  });
});
