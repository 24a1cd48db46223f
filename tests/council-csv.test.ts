import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readableIndianTime } from "~/time/india-time";
import { csvCell, csvDocument, csvFileName, sectionRows } from "~/inbox/csv.server";
import type { InboxEntry } from "~/inbox/entries";

/**
 * The council inbox's CSV: what a spreadsheet would run as a formula is neutralised, everything else is
 * kept exactly, and the file opens right in Excel (a BOM for UTF-8, quoted cells, CRLF).
 */

describe("a CSV cell", () => {
  it.each([
    ["=", "=1+1", `"'=1+1"`],
    ["+", "+91 98765 43210", `"'+91 98765 43210"`],
    ["-", "-2+3", `"'-2+3"`],
    ["@", "@SUM(A1:A9)", `"'@SUM(A1:A9)"`],
    ["a tab", "\t=cmd", `"'\t=cmd"`],
    ["a carriage return", "\r=cmd", `"'\r=cmd"`],
  ])("that begins with %s is prefixed with ', so no spreadsheet runs it", (_first, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["a full-width =", "\uFF1D1+1"],
    ["a full-width +", "\uFF0B91 98765 43210"],
    ["a full-width -", "\uFF0D2+3"],
    ["a full-width @", "\uFF20SUM(A1:A9)"],
    ["a zero-width space before =", "\u200B=1+1"],
    ["a zero-width joiner before @", "\u200D@SUM(A1)"],
    ["a word joiner before +", "\u2060+1"],
    ["a byte order mark before -", "\uFEFF-1"],
    ["spaces before =", "   =1+1"],
    ["a no-break space and a zero-width space before a full-width =", "\u00A0\u200B\uFF1D1"],
    ["a line feed before @", "\n@cmd"],
  ])("whose first visible character is a formula sign behind %s is prefixed with '", (_case, value) => {
    expect(csvCell(value)).toBe(`"'${value}"`);
  });

  // Blanks and invisible characters, then a sign a spreadsheet could read as the start of a formula.
  const invisible = fc.constantFrom(" ", "\u00A0", "\u3000", "\n", "\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF");
  const formulaSign = fc.constantFrom("=", "+", "-", "@", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20");

  it("prefixes every cell whose first visible character is a formula sign, whatever hides it", () => {
    fc.assert(
      fc.property(
        fc.array(invisible, { maxLength: 6 }),
        formulaSign,
        fc.string({ unit: "grapheme", maxLength: 20 }),
        (before, sign, rest) => {
          const value = before.join("") + sign + rest;
          expect(csvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps every cell whose first visible character is no formula sign", () => {
    const visibleStart = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 20 })
      .filter(
        (text) => !/^[\s\u200B-\u200D\u2060\uFEFF=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B]/.test(text),
      );
    fc.assert(
      fc.property(fc.array(invisible, { maxLength: 6 }), visibleStart, (before, rest) => {
        const value = before.join("") + rest;
        expect(csvCell(value)).toBe(`"${value.replaceAll('"', '""')}"`);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(["Asha Verma", "आरव शर्मा", "9876543210", " not a formula", "a=b", "a \uFF1D b", "2025-11-23", ""])(
    "%j is kept as it is, only quoted",
    (value) => {
      expect(csvCell(value)).toBe(`"${value}"`);
    },
  );

  it("doubles quotes and keeps commas and line breaks inside the cell", () => {
    expect(csvCell('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});

describe("a CSV document", () => {
  it("starts with a UTF-8 byte order mark and ends every row with CRLF", () => {
    const text = csvDocument([
      ["Name", "Club"],
      ["दिया पटेल", "Coding Club"],
    ]);
    expect(text).toBe('\uFEFF"Name","Club"\r\n"दिया पटेल","Coding Club"\r\n');
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("is named after the section and the date in India", () => {
    expect(csvFileName("applications", new Date("2025-11-23T18:29:00Z"))).toBe("council-applications-2025-11-23.csv");
    expect(csvFileName("applications", new Date("2025-11-23T18:31:00Z"))).toBe("council-applications-2025-11-24.csv");
  });

  it("has its header even for a section with no entries", () => {
    expect(sectionRows("suggestions", [])).toEqual([
      [
        "Entry",
        "Received (IST)",
        "Status",
        "History",
        "Your Name",
        "Enrollment Number",
        "College",
        "Describe the problem",
        "Your suggestion or solution",
      ],
    ]);
  });

  it("neutralises a formula in any field of an entry, the history included", () => {
    const entry: InboxEntry = {
      section: "suggestions",
      id: "suggestion-3",
      receivedAt: "2025-11-23T04:30:00.000Z",
      status: "seen",
      history: [{ action: "seen", by: "0187CS229999", at: "2025-11-23T05:00:00.000Z" }],
      mails: [],
      suggestion: { name: "@Ravi", enrollment: "-0187", college: "+TIT", problem: "=1", solution: "\tsolve" },
    };
    const [, row] = sectionRows("suggestions", [entry]);
    expect(row).toEqual([
      "suggestion-3",
      "2025-11-23 10:00",
      "Seen",
      "Marked as seen by 0187CS229999 on 2025-11-23 10:30 IST",
      "@Ravi",
      "-0187",
      "+TIT",
      "=1",
      "\tsolve",
    ]);
    expect(csvDocument([row!])).toBe(
      `\uFEFF"suggestion-3","2025-11-23 10:00","Seen","Marked as seen by 0187CS229999 on 2025-11-23 10:30 IST","'@Ravi","'-0187","'+TIT","'=1","'\tsolve"\r\n`,
    );
  });
});

describe("phone numbers in the CSV", () => {
  const member = (phone: string, role: "leader" | "member") => ({
    name: "Diya Patel",
    email: `${role}@example.org`,
    phone,
    gender: "female" as const,
    institution: "TIT",
    skills: "",
    role,
  });
  const application: InboxEntry = {
    section: "applications",
    id: "application-4",
    receivedAt: "2025-11-23T04:30:00.000Z",
    status: "new",
    history: [],
    mails: [],
    application: {
      name: "Diya Patel",
      email: "diya@example.org",
      phone: "+919876543210",
      enrollment: "0187CS221042",
      dob: "2004-03-09",
      gender: "Female",
      college: "TIT",
      department: "CSE",
      year: "2",
      club: "Coding Club",
      motivation: "To help.",
      terms: true,
    },
  };
  const team: InboxEntry = {
    section: "teams",
    id: "team-2",
    receivedAt: "2025-11-23T04:30:00.000Z",
    status: "new",
    history: [],
    mails: [],
    confirmedAt: [null, null],
    team: {
      teamName: "Pixel Pioneers",
      category: "design",
      description: "We draw.",
      // The second stored before numbers were kept as +91…: the same number, written as the student typed it.
      members: [member("+917012345678", "leader"), member("9123456780", "member")],
    },
  };

  it("writes the site's own numbers without a leading +, so they need no guard, under a header naming +91", () => {
    const [header, row] = sectionRows("applications", [application]);
    const column = header!.indexOf("Phone Number (+91)");
    expect(column).toBeGreaterThan(0);
    expect(row![column]).toBe("98765 43210");
    expect(csvDocument([row!])).toContain(',"98765 43210",');
    expect(csvDocument([row!])).not.toContain("'");

    const [teamHeader, ...members] = sectionRows("teams", [team]);
    const memberColumn = teamHeader!.indexOf("Phone (+91)");
    expect(memberColumn).toBeGreaterThan(0);
    expect(members.map((cells) => cells[memberColumn])).toEqual(["70123 45678", "91234 56780"]);
    expect(csvDocument(members)).not.toContain("'");
  });

  it("keeps the guard for a phone that is not one the site wrote, as for any text a student sent", () => {
    const foreign: InboxEntry = { ...application, application: { ...application.application, phone: "+1 555 0100" } };
    const [header, row] = sectionRows("applications", [foreign]);
    expect(row![header!.indexOf("Phone Number (+91)")]).toBe("+1 555 0100");
    expect(csvDocument([row!])).toContain(`"'+1 555 0100"`);
  });
});

describe("times in India", () => {
  it("reads as India Standard Time, the same on the server and in the browser", () => {
    expect(readableIndianTime("2025-11-23T04:30:00.000Z")).toBe("23 Nov 2025, 10:00 IST");
    expect(readableIndianTime("2025-12-31T20:00:00.000Z")).toBe("1 Jan 2026, 01:30 IST");
  });
});
