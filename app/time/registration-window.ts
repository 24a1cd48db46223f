import { readableIndianTime } from "./india-time";

/**
 * When an event takes registrations: from `opens` until `closes`, both moments with their offset
 * ("2027-01-15T23:59:00+05:30"), kept in data/events.json. Pages and forms ask this module what the window says now,
 * so the page, the form and the form's action can never disagree, and a date that has passed is never shown as open.
 */
interface RegistrationWindow {
  opens: string;
  closes: string;
}

export type RegistrationState =
  { state: "open"; text: string } | { state: "closed"; text: string } | { state: "not-yet-open"; text: string };

const registrationTexts = {
  closed: "Registration closed",
  openUntil: (closes: string) => `Registration open until ${readableIndianTime(closes)}`,
  opensOn: (opens: string) => `Opens on ${readableIndianTime(opens)}`,
} as const;

/** What the window says at `now`: open from `opens` (included) until `closes` (excluded). */
export function registrationState(window: RegistrationWindow, now: Date = new Date()): RegistrationState {
  const time = now.getTime();
  if (time < Date.parse(window.opens)) return { state: "not-yet-open", text: registrationTexts.opensOn(window.opens) };
  if (time >= Date.parse(window.closes)) return { state: "closed", text: registrationTexts.closed };
  return { state: "open", text: registrationTexts.openUntil(window.closes) };
}

/**
 * Several windows read as one (Tarang's categories): open while any is open, until the last of those closes; else
 * the next to open; else closed.
 */
export function combinedRegistrationState(
  windows: readonly RegistrationWindow[],
  now: Date = new Date(),
): RegistrationState {
  const open = windows.filter((window) => registrationState(window, now).state === "open");
  if (open.length > 0) {
    const last = open.reduce((latest, window) =>
      Date.parse(window.closes) > Date.parse(latest.closes) ? window : latest,
    );
    return registrationState(last, now);
  }
  const coming = windows.filter((window) => registrationState(window, now).state === "not-yet-open");
  if (coming.length > 0) {
    const next = coming.reduce((soonest, window) =>
      Date.parse(window.opens) < Date.parse(soonest.opens) ? window : soonest,
    );
    return registrationState(next, now);
  }
  return { state: "closed", text: registrationTexts.closed };
}
