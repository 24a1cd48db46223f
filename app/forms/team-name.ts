/**
 * When two team names are the same name. Engines disagree on letter case (SQLite's lower() folds ASCII only,
 * PostgreSQL's all of Unicode) and neither knows that "Ｔｅａｍ" (full width) or "Te\u0301am" (e + combining accent) are
 * "Team" and "Téam" as a reader sees them, so the site decides, the same way on both: compatibility normalisation
 * (NFKC), full case folding (upper then lower case, so "ß" and "SS" meet), and runs of spaces as one space.
 * Letters of two scripts in one word ("Tеam" with a Cyrillic е) are refused rather than folded: no table of
 * look-alikes is complete, and nobody's team name needs them.
 */

/** The form of a name two teams may not share. */
export function teamNameKey(name: string): string {
  return name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** The scripts whose letters look alike; words of other scripts (Devanagari, ...) are never mixed with these. */
const scripts = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
] as const;

// Its message is the catalogue's forms.team.mixedScripts.

/** Whether a word of the name mixes letters of two of those scripts (after NFKC, as the key compares it). */
export function mixesScripts(name: string): boolean {
  return name
    .normalize("NFKC")
    .split(/[\s\p{P}\p{S}]+/u)
    .some((word) => scripts.filter((script) => script.test(word)).length > 1);
}
