import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/server/requests/request.server";

/**
 * The one gate for redirects to a path a visitor gave: every control character, Unicode separator, format character
 * and lone surrogate, raw or percent-encoded, anywhere in the target, sends the visitor to the fallback; an address of
 * this site is kept as it is; and whatever it answers, a browser reads as a page of this site.
 */

const site = "https://council.example";
const fallback = "/hi";

/** Whether a browser following `Location: location` from a page of this site stays on it (WHATWG URL, as browsers). */
function staysOnSite(location: string): boolean {
  const url = new URL(location, `${site}/login`);
  return url.origin === site && !url.pathname.startsWith("//");
}

/** Every code point of the given general categories, from the engine's Unicode tables. */
function codePointsOf(categories: RegExp): string[] {
  const found: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (categories.test(char)) found.push(char);
  }
  return found;
}

const c0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const c1 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code));
const separators = codePointsOf(/^\p{Z}$/u);
const formatCharacters = codePointsOf(/^\p{Cf}$/u);
const loneSurrogates = Array.from({ length: 0x800 }, (_, offset) => String.fromCharCode(0xd800 + offset));
const unsafe = [...c0, "\u007f", ...c1, ...separators, ...formatCharacters];

/** A character as a browser would percent-encode it (UTF-8), or as a lone surrogate's bytes would be. */
function percentEncoded(char: string): string {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
    // What a lone surrogate would be in generalised UTF-8 (not UTF-8: decodeURIComponent refuses it).
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  }
  return encodeURIComponent(char);
}

/** The places a character can hide in a target: where it makes another host, in the path, in the query. */
const placesFor = (char: string) => [
  `/${char}/evil.example`,
  `${char}//evil.example`,
  `/${char}${char}evil.example`,
  `/clubs${char}`,
  `/hi/clubs?q=a${char}b`,
  `/council#${char}`,
];

describe("a redirect target from a visitor", () => {
  it("tables hold what they say: the C0 and C1 controls, every separator (U+3000, U+2028/9) and format character", () => {
    expect(c0).toHaveLength(32);
    expect(c1).toHaveLength(32);
    expect(separators).toEqual(expect.arrayContaining(["\u0020", "\u00a0", "\u2028", "\u2029", "\u3000"]));
    expect(formatCharacters).toEqual(expect.arrayContaining(["\u200b", "\u200e", "\u202e", "\u2066", "\ufeff"]));
  });

  it.each([
    ["control characters (C0, DEL, C1)", [...c0, "\u007f", ...c1]],
    ["Unicode separators", separators],
    ["format characters", formatCharacters],
    ["lone surrogates", loneSurrogates],
  ])("refuses %s anywhere, raw or percent-encoded", (_, characters) => {
    for (const char of characters) {
      for (const place of placesFor(char)) {
        expect(safeRedirectPath(place, fallback), JSON.stringify(place)).toBe(fallback);
      }
      // A space percent-encoded is an honest search ("/council?q=a%20b"); every other one is refused encoded too.
      if (char === " ") continue;
      for (const place of placesFor(percentEncoded(char))) {
        expect(safeRedirectPath(place, fallback), place).toBe(fallback);
      }
    }
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/clubs\\..\\evil",
    "\\\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/./clubs",
    "/clubs/..",
    "/%",
    "/%E3%80",
    "/%zz",
    "/%C0%AF",
    `/${"a".repeat(2048)}`,
  ])("refuses %j: not a path of this site every browser reads the same way", (target) => {
    expect(safeRedirectPath(target, fallback)).toBe(fallback);
  });

  it.each([null, undefined, 42, {}, ["/clubs"], new String("/clubs")])("refuses %j: not a string", (target) => {
    expect(safeRedirectPath(target, fallback)).toBe(fallback);
  });

  it.each([
    "/",
    "/hi",
    "/clubs",
    "/hi/club/coding",
    "/userProfile",
    "/council?section=ideas&q=Meera",
    "/council/accounts?q=aarav+sharma&page=2",
    "/council?q=a%20b",
    "/hi/council?q=%E0%A4%95%E0%A5%8D%E0%A4%B2%E0%A4%AC",
    "/sih/team-member?token=Ab_9-xY",
    "/council#ideas-12",
    "/club/.net-users",
  ])("keeps the address of this site %s", (path) => {
    expect(safeRedirectPath(path, fallback)).toBe(path);
  });

  it("goes home when no fallback is given", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/");
  });

  it("never throws, and whatever it answers stays on this site, for any string at all", () => {
    const pieces = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.constantFrom("/", "//", "\\", "%", "%2F", "%2f", "%5C", "%09", "%0A", "%0D", "%E3%80%80", "%ED%A0%80", "."),
      fc.constantFrom(...unsafe, ...loneSurrogates.slice(0, 4), "\udc00", "evil.example", "hi", "?", "#"),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const target = parts.join("");
        const answer = safeRedirectPath(target, fallback);
        expect(answer === target || answer === fallback).toBe(true);
        expect(answer).toMatch(/^[\x21-\x7e]+$/);
        expect(() => new Headers({ Location: answer })).not.toThrow();
        expect(staysOnSite(answer), JSON.stringify(target)).toBe(true);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1500) },
    );
  });
});
