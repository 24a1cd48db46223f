import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { assertBuilt, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { forms, idCard } from "../fuzz/hostile-forms";

/**
 * The production build started for one test file, on a SQLite database of its own in a temporary folder, and
 * stopped (the folder removed) after the file's tests. `env` adds or unsets settings. Needs `npm run build`.
 */
export function useProductionServer(folderPrefix: string, env: Record<string, string | undefined>): ProductionServer {
  let started: ProductionServer | undefined;
  let dataDir = "";
  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    started = await startProductionServer({ env: { DATABASE_PATH: path.join(dataDir, "council.sqlite"), ...env } });
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const server = () => {
    if (!started) throw new Error("the production server has not started");
    return started;
  };
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    get child() {
      return server().child;
    },
    get output() {
      return server().output;
    },
    get exited() {
      return server().exited;
    },
    stop: (graceMs?: number) => server().stop(graceMs),
  };
}

/**
 * Registers an account on a running server as a browser without JavaScript does: the registration form's valid
 * sample, with `details` (enrollment, username, email, phone, dob) in place of its own. The password is the date of
 * birth as DDMMYYYY.
 */
export async function registerOnTheWire(serverUrl: string, details: Record<string, string>): Promise<void> {
  const registration = new FormData();
  for (const [name, value] of forms.registration!.valid) {
    registration.append(name, details[name] ?? (value instanceof File ? idCard() : value));
  }
  const registered = await fetch(`${serverUrl}/userProfileRegistration`, {
    method: "POST",
    body: registration,
    redirect: "manual",
  });
  expect(registered.status).toBe(302);
}

/** Logs in on a running server through the login form; its session cookie, as `__session=…`. */
export async function logInOnTheWire(serverUrl: string, collegeId: string, password: string): Promise<string> {
  const login = await fetch(`${serverUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ collegeId, password }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  return login.headers
    .getSetCookie()
    .find((value) => value.startsWith("__session="))!
    .split(";")[0]!;
}
