import { describe, expect, it } from "vitest";
import { combinedRegistrationState, registrationState } from "~/time/registration-window";

// Windows written as the council writes them in data/events.json, and every moment given: nothing here depends on the
// date of the run or on the content the site ships.
const hackathon = { opens: "2026-11-01T10:00:00+05:30", closes: "2027-03-31T23:59:00+05:30" };
const at = (moment: string) => new Date(moment);

describe("a registration window, in India's time", () => {
  it("while open says until when: 'Registration open until 31 Mar 2027, 23:59 IST'", () => {
    expect(registrationState(hackathon, at("2026-11-24T12:00:00Z"))).toEqual({
      state: "open",
      text: "Registration open until 31 Mar 2027, 23:59 IST",
    });
  });

  it("before it opens says 'Opens on 1 Nov 2026, 10:00 IST', and opens at its first minute", () => {
    expect(registrationState(hackathon, at("2026-11-01T09:59:00+05:30"))).toEqual({
      state: "not-yet-open",
      text: "Opens on 1 Nov 2026, 10:00 IST",
    });
    expect(registrationState(hackathon, at("2026-11-01T10:00:00+05:30")).state).toBe("open");
  });

  it("closes at its last minute (31 Mar 2027, 23:59 IST is 18:29 UTC): 'Registration closed'", () => {
    expect(registrationState(hackathon, at("2027-03-31T18:28:59Z")).state).toBe("open");
    expect(registrationState(hackathon, at("2027-03-31T18:29:00Z"))).toEqual({
      state: "closed",
      text: "Registration closed",
    });
  });
});

describe("Tarang's categories read as one", () => {
  const rampWalk = { opens: "2026-11-15T10:00:00+05:30", closes: "2027-02-28T23:59:00+05:30" };
  const openMic = { opens: "2026-11-15T10:00:00+05:30", closes: "2027-03-07T23:59:00+05:30" };
  const mysteryGame = { opens: "2026-12-01T10:00:00+05:30", closes: "2027-03-14T23:59:00+05:30" };
  const categories = [rampWalk, openMic, mysteryGame];

  it("are open while any is open, until the last of the open ones closes", () => {
    // The mystery game, which closes last, has not opened yet.
    expect(combinedRegistrationState(categories, at("2026-11-24T12:00:00Z"))).toEqual({
      state: "open",
      text: "Registration open until 7 Mar 2027, 23:59 IST",
    });
    expect(combinedRegistrationState(categories, at("2027-03-01T00:00:00Z"))).toEqual({
      state: "open",
      text: "Registration open until 14 Mar 2027, 23:59 IST",
    });
  });

  it("before any opens say when the first opens; after all close, 'Registration closed'", () => {
    expect(combinedRegistrationState(categories, at("2026-11-01T00:00:00Z"))).toEqual({
      state: "not-yet-open",
      text: "Opens on 15 Nov 2026, 10:00 IST",
    });
    expect(combinedRegistrationState(categories, at("2027-04-01T00:00:00Z"))).toEqual({
      state: "closed",
      text: "Registration closed",
    });
  });
});
