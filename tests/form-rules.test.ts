import { afterEach, describe, expect, it, vi } from "vitest";
import { createJoinSchema } from "~/forms/join-schema";
import { todayInIndia } from "~/forms/dates";
import { userRegistrationSchema } from "~/forms/user-registration-schema";

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
    const dob = createJoinSchema(["Coding Club"]).shape.dob;
    expect(dobErrors(dob, "2026-03-10")).toEqual([]);
    expect(dobErrors(dob, "2026-03-11")).toEqual(["Date of birth must be in the past."]);
  });

  it("just after midnight in India, registration accepts a birth date of the day before and refuses today's", () => {
    vi.useFakeTimers({ now: justAfterMidnightInIndia });
    const dob = userRegistrationSchema.shape.dob;
    expect(dobErrors(dob, "2026-03-10")).toEqual([]);
    expect(dobErrors(dob, "2026-03-11")).toEqual(["The date of birth must be in the past."]);
  });
});

describe("a date of birth before 1900", () => {
  it("join says it cannot be before 1900; registration calls it not a real date of birth", () => {
    expect(dobErrors(createJoinSchema(["Coding Club"]).shape.dob, "1899-12-31")).toEqual([
      "Date of birth cannot be before 1900.",
    ]);
    expect(dobErrors(userRegistrationSchema.shape.dob, "1899-12-31")).toEqual(["Please enter a real date of birth."]);
  });
});
