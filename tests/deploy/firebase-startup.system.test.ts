import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, logEntries, logMessages, startProductionServer } from "../../scripts/lib/server.mjs";

// The production build started as `node server.js build/server/index.js` (the image's CMD) with Firebase settings
// whole, half or absent: the start-up checks of the Firebase settings as an operator meets them.
describe("starting the built server with or without Firebase sign-in", () => {
  let directory = "";
  const baseEnv = () => ({
    SESSION_SECRET: "startup-test-session-secret-0123456789abcdef",
    DATABASE_PATH: path.join(directory, "council.sqlite"),
  });

  beforeAll(() => {
    assertBuilt();
    directory = mkdtempSync(path.join(tmpdir(), "council-firebase-startup-"));
  });
  afterAll(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  test.each([
    ["an API key without an auth domain", { FIREBASE_API_KEY: "AIza-test-key" }, "FIREBASE_AUTH_DOMAIN"],
    ["an auth domain without an API key", { FIREBASE_AUTH_DOMAIN: "demo-council.firebaseapp.com" }, "FIREBASE_API_KEY"],
  ])(
    "refuses to start with %s, naming the missing variable",
    async (_case, firebase, missing) => {
      const start = startProductionServer({
        inheritEnv: false,
        env: { ...baseEnv(), ...firebase },
        startTimeoutMs: 15_000,
      });
      await expect(start).rejects.toThrow(new RegExp(`exited before answering[\\s\\S]*${missing} is required when`));
    },
    30_000,
  );

  test("with no Firebase settings it starts as before and logs one line saying Firebase sign-in is off", async () => {
    const server = await startProductionServer({ inheritEnv: false, env: baseEnv() });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const notices = logEntries(server.output.stdout)
        .filter((entry) => entry.msg.includes("Firebase sign-in is off"))
        .map((entry) => `${entry.level}: ${entry.msg}`);
      expect(notices).toEqual([
        `warn: Firebase sign-in is off: FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN are not set, so accounts use the built-in store (SQLite at ${baseEnv().DATABASE_PATH}).`,
      ]);
      expect(logMessages(server.output.stdout)).toContain(
        `Sign-in: built-in store (SQLite at ${baseEnv().DATABASE_PATH}). Submissions: built-in store`,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("with both settings (and the emulator for credentials) it names Firebase for sign-in and the store for submissions", async () => {
    const server = await startProductionServer({
      inheritEnv: false,
      env: {
        ...baseEnv(),
        FIREBASE_API_KEY: "AIza-test-key",
        FIREBASE_AUTH_DOMAIN: "demo-council.firebaseapp.com",
        // Nothing listens here: starting does not call Firebase.
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
      },
    });
    try {
      expect(server.output.stdout).not.toContain("Firebase sign-in is off");
      expect(logMessages(server.output.stdout)).toContain(
        `Sign-in: Firebase Authentication (project demo-council, Auth emulator at 127.0.0.1:9). Submissions: built-in store (SQLite at ${baseEnv().DATABASE_PATH}).`,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("in production without the emulator it refuses to start without credentials for firebase-admin", async () => {
    const start = startProductionServer({
      inheritEnv: false,
      env: { ...baseEnv(), FIREBASE_API_KEY: "AIza-test-key", FIREBASE_AUTH_DOMAIN: "demo-council.firebaseapp.com" },
      startTimeoutMs: 15_000,
    });
    await expect(start).rejects.toThrow(
      /FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS is required in production/,
    );
  }, 30_000);
});
