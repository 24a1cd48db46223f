import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { formats } from "~/i18n/formats";
import { councilRefusalText, isCouncilRefusal } from "~/inbox/refusals";
import type { Failure } from "~/server/backend/council-backend.server";
import { refusalText } from "~/server/requests/refusals.server";
import { readableIndianTime } from "~/time/india-time";
import type { CouncilRefusalCode, Refusal, StudentRefusalCode } from "~/types/refusals";

/**
 * One vocabulary for refusals: a backend says no with a code and its values (app/types/refusals.ts), and only the
 * page puts it into words. These fail when a backend goes back to sentences, when a code has no words in a
 * language, or when the catalogue keeps words no backend can say.
 */

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );

const studentCodes = Object.keys(en.forms.refusals) as StudentRefusalCode[];
const placeholders = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map(([, inside = ""]) => inside).sort();

describe("a backend's refusal", () => {
  it("is typed as a code with values: a sentence in its place does not compile", () => {
    type Rejected = Extract<Failure, { reason: "rejected" }>;
    expectTypeOf<Rejected["refusal"]>().toEqualTypeOf<Refusal | undefined>();
    expectTypeOf<{ ok: false; reason: "rejected"; message: string }>().not.toExtend<Failure>();
    expectTypeOf<{ ok: false; reason: "rejected"; refusal: "Team name taken" }>().not.toExtend<Failure>();
    // A student's codes are exactly the catalogue's refusal keys, in both languages.
    expectTypeOf<StudentRefusalCode>().toEqualTypeOf<keyof typeof en.forms.refusals>();
    expectTypeOf<StudentRefusalCode>().toEqualTypeOf<keyof typeof hi.forms.refusals>();
  });

  it("is never written as a sentence by a backend: no message beside a rejection, no Rejection of a string", () => {
    const sources = [...filesUnder("app/server/backend"), "app/server/students/students-data.server.ts"];
    expect(sources.length).toBeGreaterThan(30);
    for (const file of sources) {
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/reason: "rejected",\s*message\b/);
      expect(source, file).not.toMatch(/new Rejection\(\s*[`"']/);
    }
  });

  it("has words in English and in Hindi for every student's code, with the same placeholders", () => {
    for (const code of studentCodes) {
      expect(en.forms.refusals[code].trim(), code).not.toBe("");
      expect(hi.forms.refusals[code].trim(), code).not.toBe("");
      expect(placeholders(hi.forms.refusals[code]), code).toEqual(placeholders(en.forms.refusals[code]));
    }
  });

  it("has words for every council code, and they are the council's, not a student's", () => {
    const councilCodes: Record<CouncilRefusalCode, Refusal> = {
      noSuchEntry: { code: "noSuchEntry", kind: "idea", number: 7 },
      entryMissing: { code: "entryMissing" },
      actionNotOffered: { code: "actionNotOffered", section: "ideas" },
      notAnApplication: { code: "notAnApplication" },
      noDecision: { code: "noDecision" },
      decisionMailOff: { code: "decisionMailOff" },
      unknownAccount: { code: "unknownAccount" },
      unknownClaim: { code: "unknownClaim" },
      alreadyChecked: { code: "alreadyChecked" },
      idCardDeleted: { code: "idCardDeleted" },
      ownAccount: { code: "ownAccount" },
      claimResolved: { code: "claimResolved" },
      noAccountWithCollegeId: { code: "noAccountWithCollegeId", collegeId: "0187XX000000", provider: "store" },
      councilRoleNotAvailable: { code: "councilRoleNotAvailable" },
      contentChanged: { code: "contentChanged", part: "site", basedOn: 3, current: 4 },
      contentInvalid: { code: "contentInvalid", part: "events", field: "hackathon.title.hi", message: "Required" },
      noSuchContentVersion: { code: "noSuchContentVersion", id: 99 },
    };
    for (const refusal of Object.values(councilCodes)) {
      expect(isCouncilRefusal(refusal), refusal.code).toBe(true);
      if (isCouncilRefusal(refusal)) expect(councilRefusalText(refusal), refusal.code).toMatch(/\S\.$/);
      expect(studentCodes as string[]).not.toContain(refusal.code);
    }
    expect(refusalText("hi", councilCodes.noSuchEntry)).toBe("There is no idea 7.");
  });

  it("is used: every code of the catalogue is said by some backend or route", () => {
    const sources = filesUnder("app")
      .filter((file) => !file.startsWith(join("app", "types")) && !file.startsWith(join("app", "i18n")))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    for (const code of studentCodes) expect(sources, code).toContain(`code: "${code}"`);
  });
});

describe("the refusals' words", () => {
  it("say a student's in the page's language, with its values", () => {
    expect(refusalText("en", { code: "teamFull", max: 6 })).toBe("Your team already has 6 members.");
    expect(refusalText("hi", { code: "teamFull", max: 6 })).toBe("आपकी टीम में पहले से 6 सदस्य हैं।");
    expect(refusalText("en", { code: "listedTwice", email: "a@example.org" })).toBe(
      "a@example.org is listed more than once in this team.",
    );
    expect(refusalText("en", { code: "councilApiSaid", message: "Registrations are closed" })).toBe(
      "Registrations are closed",
    );
  });

  it("write a moment in English exactly as the site always did, and in Hindi through Intl", () => {
    for (const moment of [
      "2026-09-09T18:30:00Z",
      "2025-11-23T10:35:00Z",
      "2025-01-03T00:00:00Z",
      "2024-02-29T23:59:00Z",
    ]) {
      expect(formats.indianTime!(new Date(moment), "en"), moment).toBe(readableIndianTime(moment));
    }
    expect(formats.indianTime!(new Date("2025-11-23T10:35:00Z"), "hi")).toBe("23 नव॰ 2025, 4:05 pm");
  });
});
