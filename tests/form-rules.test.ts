import { afterEach, describe, expect, it, vi } from "vitest";
import { createJoinSchema } from "~/forms/join-schema";
import { todayInIndia } from "~/forms/dates";
import { en } from "~/i18n/catalogue/en";
import { createLoginSchema } from "~/forms/login";
import { readDate } from "~/forms/rules";
import { createUserRegistrationSchema } from "~/forms/user-registration-schema";

// 19:00 UTC on 10 March is 00:30 on 11 March in India: the new day has begun for every student.
const justAfterMidnightInIndia = new Date("2026-03-10T19:00:00Z");

afterEach(() => {
  vi.useRealTimers();
});

function dobErrors(schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }, dob: string) {
  return schema.safeParse(dob).error?.issues.map((issue) => issue.message) ?? [];
}

describe("today, for the forms, is today in India", () => {
  it("turns to the next day at 18:30 UTC, whatever the machine's clock zone", () => {
    expect(todayInIndia(new Date("2026-03-10T18:29:00Z"))).toBe("2026-03-10");
    expect(todayInIndia(new Date("2026-03-10T18:30:00Z"))).toBe("2026-03-11");
  });

  it("just after midnight in India, join accepts a birth date of the day before and refuses today's", () => {
    vi.useFakeTimers({ now: justAfterMidnightInIndia });
    const dob = createJoinSchema(en.forms, ["Coding Club"]).shape.dob;
    expect(dobErrors(dob, "2026-03-10")).toEqual([]);
    expect(dobErrors(dob, "2026-03-11")).toEqual(["Date of birth must be in the past."]);
  });

  it("just after midnight in India, registration accepts a birth date of the day before and refuses today's", () => {
    vi.useFakeTimers({ now: justAfterMidnightInIndia });
    const dob = createUserRegistrationSchema(en.forms).shape.dob;
    expect(dobErrors(dob, "2026-03-10")).toEqual([]);
    expect(dobErrors(dob, "2026-03-11")).toEqual(["The date of birth must be in the past."]);
  });
});

describe("a date of birth before 1900", () => {
  it("join says it cannot be before 1900; registration calls it not a real date of birth", () => {
    expect(dobErrors(createJoinSchema(en.forms, ["Coding Club"]).shape.dob, "1899-12-31")).toEqual([
      "Date of birth cannot be before 1900.",
    ]);
    expect(dobErrors(createUserRegistrationSchema(en.forms).shape.dob, "1899-12-31")).toEqual([
      "Please enter a real date of birth.",
    ]);
  });
});

describe("one reading of a typed date, for sign-in and every date of birth", () => {
  // Where the browser has no date picker the field is a text box, and students write the day first.
  const fifthOfSeptember2004 = [
    "05/09/2004",
    "5-9-2004",
    "2004-09-05",
    "05-09-2004",
    "05.09.2004",
    "5/9/2004",
    "05092004",
  ];
  const noDates = ["31/02/2004", "29/02/2003", "2004-9-5", "05/09/04", "05 09 2004", "05/09-2004", "2004/09/05", "x"];
  const schemas = [
    ["join", createJoinSchema(en.forms, ["Coding Club"]).shape.dob, "Please enter a valid date of birth."],
    ["registration", createUserRegistrationSchema(en.forms).shape.dob, "Please enter a real date of birth."],
  ] as const;

  it.each(fifthOfSeptember2004)("reads %j as 5 September 2004", (typed) => {
    expect(readDate(typed)).toEqual({ year: 2004, month: 9, day: 5 });
    expect(readDate(` ${typed} `)).toEqual({ year: 2004, month: 9, day: 5 });
  });

  it("reads 29/02/2004, a day of a leap year, and refuses the day after the end of a month", () => {
    expect(readDate("29/02/2004")).toEqual({ year: 2004, month: 2, day: 29 });
    expect(readDate("31/04/2004")).toBeUndefined();
    expect(readDate("00/09/2004")).toBeUndefined();
    expect(readDate("05/13/2004")).toBeUndefined();
  });

  it.each(noDates)("reads %j as no date", (typed) => {
    expect(readDate(typed)).toBeUndefined();
  });

  it.each(schemas)("the %s form keeps each way of writing 5 September 2004 as 2004-09-05", (_form, dob) => {
    for (const typed of fifthOfSeptember2004)
      expect(dob.safeParse(typed)).toEqual({ success: true, data: "2004-09-05" });
  });

  it.each(schemas)("the %s form refuses what is no date with its own message", (_form, dob, invalid) => {
    for (const typed of noDates) expect(dobErrors(dob, typed), typed).toEqual([invalid]);
  });

  it("the rules after the reading see the date however it was written: 31/12/1899 is before 1900", () => {
    expect(dobErrors(createJoinSchema(en.forms, ["Coding Club"]).shape.dob, "31/12/1899")).toEqual([
      "Date of birth cannot be before 1900.",
    ]);
  });

  it("sign-in reads the password with the same rule: 5-9-2004 is 05092004, 31/02/2004 is sent as typed", () => {
    const password = (typed: string) =>
      createLoginSchema(en.forms).parse({ collegeId: "0101CS221001", password: typed }).password;
    for (const typed of fifthOfSeptember2004) expect(password(typed)).toBe("05092004");
    expect(password("31/02/2004")).toBe("31/02/2004");
  });
});
