import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Salted, deliberately slow password hashes (scrypt). The built-in store's password is a date of birth, a weak
 * secret, so the hash must make each guess expensive. The parameters travel inside the stored string, so they can
 * be raised later without breaking existing accounts.
 *
 * Stored form: `scrypt$<N>$<r>$<p>$<salt, base64>$<hash, base64>`.
 */

// N = 2^15, r = 8: about 32 MiB and roughly 150 ms per hash on a small server; enough to slow guessing without
// letting a burst of logins exhaust memory (the libuv pool runs at most 4 at once).
export const productionCost = { N: 2 ** 15, r: 8, p: 1 } as const;
// The unit tests register and sign in hundreds of accounts: at 150 ms a hash that was a third of their run. They ask
// for N = 2^10 (tests/setup/environment.ts), which only a test process honours; the production server the system
// tests start hashes at full cost, and tests/passwords.test.ts checks that cost.
const testCost = { N: 2 ** 10, r: 8, p: 1 } as const;

export function hashCost(environment: NodeJS.ProcessEnv = process.env) {
  return environment.NODE_ENV === "test" && environment.FAST_PASSWORD_HASHES === "1" ? testCost : productionCost;
}
const saltBytes = 16;
const keyBytes = 32;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  // The callback form runs in the libuv pool, so the event loop keeps serving other visitors meanwhile.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function memoryFor({ N, r }: { N: number; r: number }): number {
  // Node refuses when 128 * N * r reaches maxmem; leave headroom above the exact need.
  return 256 * N * r;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  const cost = hashCost();
  const hash = await derive(password, salt, keyBytes, { ...cost, maxmem: memoryFor(cost) });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (!N || !r || !p || salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, expected.length, { N, r, p, maxmem: memoryFor({ N, r }) });
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters Node rejects (a corrupted row) mean no password can match.
    return false;
  }
}

/** YYYY-MM-DD → DDMMYYYY, the login password: the date of birth as day, month, year; undefined for anything else. */
export function passwordFromDateOfBirth(dob: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob.trim());
  return match ? `${match[3]}${match[2]}${match[1]}` : undefined;
}
