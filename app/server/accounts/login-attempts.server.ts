import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "../ops/env.server";
import { type LimitName, limits, type Reservation } from "../requests/limits.server";
import { collegeIdKey } from "./college-id.server";

/**
 * Wrong-password limits for one College ID (docs/decisions/0006). The password is a date of birth,
 * about 36,500 plausible values, so the limit is per College ID whoever sends the guesses: 5 per 15 minutes however
 * many clients or parallel requests. A browser that signed in to that College ID before carries a signed device
 * cookie (OWASP's "device cookies") and counts against its own allowance instead, so a stranger's guesses never
 * lock the owner out.
 * Both count by the College ID's key (college-id.server.ts), the rule that also finds the account, so no spelling of
 * a College ID signs in to an account while counting against another key.
 */

/**
 * College ID → nonce. A Map, never an object: the College ID is the visitor's text, and `__proto__` or `constructor`
 * looked up in an object finds its prototype's members.
 */
type DeviceCookie = Map<string, string>;

/** How many College IDs one browser remembers (a shared family or lab computer). */
const devicesPerBrowser = 5;

// Path=/ because the login's data requests go to /login.data, which a Path=/login cookie would not reach. The page
// cache ignores this cookie: it changes nothing on any page.
const deviceCookie = createCookie("__device", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  secrets: env.sessionSecrets,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The browser's devices by College ID key. Cookies written before the key existed name the College ID in lower case:
 * their names are keyed here, so a trusted device stays trusted.
 */
async function readDevices(request: Request): Promise<DeviceCookie> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  const devices: DeviceCookie = new Map();
  if (typeof value !== "object" || value === null || Array.isArray(value)) return devices;
  for (const [name, nonce] of Object.entries(value)) {
    if (typeof nonce === "string" && nonce !== "") devices.set(collegeIdKey(name), nonce);
  }
  return devices;
}

interface LoginAttempt {
  /** The attempt was allowed and counted; the limit a wrong password counts against. */
  readonly allowed: true;
  /** The password was right (or the backend could not tell): the attempt does not count. */
  giveBack(): Promise<void>;
}

/**
 * Reserves one attempt for this College ID before the password is checked: a burst of parallel guesses is counted
 * before any of them reaches the backend, so at most the limit ever does.
 */
export async function reserveLoginAttempt(
  request: Request,
  collegeId: string,
): Promise<LoginAttempt | Extract<Reservation, { allowed: false }>> {
  const id = collegeIdKey(collegeId);
  const device = (await readDevices(request)).get(id);
  const [name, key]: [LimitName, string] = device ? ["login-device", device] : ["login-id", id];
  const reservation = await limits.reserve(name, key);
  if (!reservation.allowed) return reservation;
  return { allowed: true, giveBack: () => limits.giveBack(name, key) };
}

/**
 * Whether this browser signed in to the College ID before: its signed device cookie names it. Such a login does not
 * count against the client address's failed logins (`login-client`), which a neighbour behind the same NAT can use
 * up; it counts against the device's own allowance instead. Only a successful login for that College ID writes the
 * entry, under the session secret, so a stranger cannot make one: a cookie that is forged, unsigned or signed with
 * another secret reads as no devices at all, and a device of another College ID vouches for nothing here.
 */
export async function isTrustedDevice(request: Request, collegeId: string): Promise<boolean> {
  const id = collegeIdKey(collegeId);
  return id !== "" && (await readDevices(request)).has(id);
}

/** Set-Cookie value that makes this browser a trusted device for the College ID, with a fresh nonce. */
export async function rememberDevice(request: Request, collegeId: string): Promise<string> {
  const id = collegeIdKey(collegeId);
  const others = [...(await readDevices(request))].filter(([known]) => known !== id);
  const kept = [...others.slice(-(devicesPerBrowser - 1)), [id, randomBytes(16).toString("base64url")]];
  return deviceCookie.serialize(Object.fromEntries(kept));
}
