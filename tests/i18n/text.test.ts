import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, Trans } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { en, type Catalogue } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { formatsPlugin, i18nOptions } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locale";
import { fillText, textFunction, type TextKey, type TextValues } from "~/i18n/text";
import { TextWithTags } from "~/i18n/text-with-tags";

/**
 * The components' small formatter (app/i18n/text.ts) against i18next, configured as the server's instance is
 * (i18nOptions): for every text of both catalogues, with sample values for its placeholders, the same output. So a
 * page reads the same whichever filled its words, and dropping i18next from the browser changed no text.
 */
const catalogues: Record<Locale, Catalogue> = { en, hi };

function leaves(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
  );
}

// The value's name, without the format a placeholder may name ("date, indianTime").
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{(.+?)\}\}/g)].map(([, inside = ""]) => inside.split(",")[0]!.trim());

/** Sample values: words in both scripts, markup and braces that must stay as given, and numbers for counts. */
function sampleValues(names: string[], round: number): TextValues[] {
  const word = (name: string) =>
    [`Asha ${name}`, `आशा <b>${name}</b>`, `{{${name}}} & $t(shell.home)`, ""][round % 4] ?? "";
  const numeric = (name: string) => /^(count|max|wait|members|number)$/.test(name);
  // A moment: a September one (Intl's English writes "Sept", the site "Sep"), midnight in India, or a word.
  const moments = [new Date("2026-09-09T18:30:00Z"), new Date("2025-11-23T10:35:00Z"), "2025-01-03T00:00:00Z", "x"];
  const sample = (name: string) =>
    name === "date" ? moments[round % 4]! : numeric(name) ? [0, 1, 2, 21][round % 4]! : word(name);
  const all = Object.fromEntries(names.map((name) => [name, sample(name)]));
  const [first, ...rest] = names;
  return [
    all,
    // One placeholder left out, or given as undefined or null.
    Object.fromEntries(rest.map((name) => [name, all[name]])),
    { ...all, ...(first ? { [first]: undefined } : {}) },
    { ...all, ...(first ? { [first]: null } : {}) },
  ];
}

describe.each(["en", "hi"] as const)("the components' formatter in %s", (locale) => {
  const catalogue = catalogues[locale];
  const i18next = createInstance(i18nOptions(locale, catalogue)).use(formatsPlugin);
  void i18next.init();
  // Keys are typed for the catalogue; here every leaf is tried by its string.
  const i18nextT = i18next.t.bind(i18next) as unknown as (key: string, values?: object) => string;
  const t = textFunction({ locale, catalogue }) as (key: string, values?: TextValues) => string;
  const texts = leaves(catalogue);

  it("has every text of the catalogue to try", () => {
    expect(texts.length).toBeGreaterThan(400);
    expect(texts.filter(([, text]) => text.includes("{{")).length).toBeGreaterThan(50);
  });

  it("gives i18next's output for every text, without values and with sample values", () => {
    for (const [key, text] of texts) {
      expect(t(key), key).toBe(i18nextT(key));
      const names = placeholdersOf(text);
      for (const round of [0, 1, 2, 3]) {
        for (const values of sampleValues(names, round)) {
          expect(t(key, values), `${key} ${JSON.stringify(values)}`).toBe(i18nextT(key, values));
        }
      }
    }
  });

  it("fills the forms' schemas' texts (fillText) as i18next does", () => {
    for (const [key, text] of texts) {
      const values = sampleValues(placeholdersOf(text), 1)[0]!;
      expect(fillText(text, values, locale), key).toBe(i18nextT(key, values));
    }
  });

  it("answers a missing text with its key, as i18next does, and says so", () => {
    const onMissing = vi.fn();
    const withPartsOnly = textFunction({ locale, catalogue: { shell: catalogue.shell } as Catalogue, onMissing });
    expect(withPartsOnly("forms.join.name.label")).toBe("forms.join.name.label");
    expect(withPartsOnly("forms.join.nope" as TextKey)).toBe(i18nextT("forms.join.nope"));
    expect(onMissing).toHaveBeenCalledWith("forms.join.name.label");
    expect(withPartsOnly("shell.home")).toBe(catalogue.shell.home);
  });

  it("puts a text's tagged words where react-i18next's Trans put them", () => {
    const key = "content.home.about.clubs" satisfies TextKey;
    const strong = createElement("strong", { className: "font-semibold" });
    const ours = renderToStaticMarkup(createElement(TextWithTags, { text: t(key), tags: { strong } }));
    const theirs = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: i18next },
        createElement(Trans, { i18nKey: key, t: i18next.t, components: { strong } }),
      ),
    );
    expect(ours).toBe(theirs);
    expect(ours).toContain('<strong class="font-semibold">');
  });
});
