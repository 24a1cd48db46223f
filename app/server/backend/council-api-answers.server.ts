import { mobileDigits } from "~/forms/phone";
import type { CouncilUser } from "~/types/accounts";
import { z } from "zod";
import type { Failure } from "./council-backend.server";

/** How the adapter reads the council API's answers, and writes what it sends in the API's own shapes. */

/** A team registration's answer: `success` and a `message` to show, both optional. */
export const registrationAnswer = z.object({ success: z.unknown().optional(), message: z.unknown().optional() });

export const teamList = z.object({
  success: z.boolean(),
  // A registered team leaves the adapter with its id, name and category only; zod drops anything else.
  data: z.array(z.object({ _id: z.string().min(1), teamName: z.string(), category: z.string() })),
});

export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A refusal of the API's: its own reason when it gave one, passed on as a value (the API speaks one language, and the
 * site never reads its words), or none.
 */
export function refusedWith(message: string | undefined): Failure {
  return message
    ? { ok: false, reason: "rejected", refusal: { code: "councilApiSaid", message } }
    : { ok: false, reason: "rejected" };
}

/** The `message` field of an answer when it is a non-empty string. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("message" in body)) return undefined;
  const { message } = body;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}

const userFields = ["username", "branch", "college", "email", "phone", "dob", "gender", "bio"] as const;

/** The user of an /auth/me answer, `{ user: {...} }` or the bare object; only string fields are kept. */
export function userFrom(body: unknown): CouncilUser | "no-user" | "bad-shape" {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "bad-shape";
  let source: object = body;
  if ("user" in body) {
    if (body.user === null || body.user === undefined) return "no-user";
    if (typeof body.user !== "object" || Array.isArray(body.user)) return "bad-shape";
    source = body.user;
  }
  const record = source as Record<string, unknown>;
  const user: CouncilUser = {};
  for (const field of userFields) {
    const value = record[field];
    if (typeof value === "string") user[field] = value;
  }
  // Identity providers call the display name differently; the profile card shows it as the username.
  if (user.username === undefined) {
    const name = [record.name, record.displayName].find((value) => typeof value === "string");
    if (typeof name === "string") user.username = name;
  }
  return user;
}

/** Set-Cookie values → one Cookie header value (`name=value; name2=value2`), attributes dropped, last one wins. */
export function cookieHeaderFrom(setCookies: string[]): string {
  const cookies = new Map<string, string>();
  for (const setCookie of setCookies) {
    const pair = setCookie.split(";", 1)[0]?.trim() ?? "";
    const equals = pair.indexOf("=");
    if (equals <= 0) continue;
    cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The council API takes the ten national digits (no +91) for applications and team members, as it always has. */
export function nationalNumber(phone: string): string {
  return mobileDigits(phone) ?? phone;
}
