import type { ToastMessage } from "remix-toast";
import type { FormTexts } from "./texts";

/**
 * The choices the application form offers: the values sent stay English (the council's data), the visitor reads them
 * in the page's language. The club list comes from the club data (see join-schema.ts).
 */
export function genderOptions(texts: FormTexts) {
  const { gender } = texts.join;
  return [
    { value: "Male", label: gender.male },
    { value: "Female", label: gender.female },
    // The value sent is "Other"; the visitor reads "Prefer not to say".
    { value: "Other", label: gender.other },
  ] as const;
}
export const colleges = ["TIT", "TITE", "TITS", "TIT-CSE"] as const;
export const departments = [
  "CSE",
  "CSE AIML",
  "CSE AI",
  "CSE DS",
  "CSE AIDS",
  "CSE Cyber",
  "CSE IoT",
  "IT",
  "EX",
  "EC",
  "ME",
  "CE",
  "B.Pharm",
  "MBA",
  "Law",
] as const;
export const yearsOfStudy = ["1st Year", "2nd Year", "3rd Year", "4th Year"] as const;

export function yearOptions(texts: FormTexts) {
  const { year } = texts.join;
  const labels = [year.first, year.second, year.third, year.fourth];
  return yearsOfStudy.map((value, index) => ({ value, label: labels[index] ?? value }));
}

/** The application's toasts close after 4 seconds (the rest of the site's after 3). */
export const joinToastDurationMs = 4000;

/**
 * The toast a refused application shows: the message of its first failing rule (or the backend's), a warning for the
 * terms and an error otherwise. The form shows it for the browser's own check and the server's reply with scripts; the
 * action gives it to the page it answers with without them (routes/join.tsx).
 */
export function joinToast(error: Record<string, string[] | null> | null | undefined): ToastMessage | undefined {
  const message = error?.[""]?.[0];
  if (!message) return undefined;
  return { type: error?.terms ? "warning" : "error", message, duration: joinToastDurationMs };
}
