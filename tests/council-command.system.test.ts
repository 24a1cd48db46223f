import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBuiltInStore } from "~/server/backend/built-in/store.server";
import { sampleAccount, studentPassword } from "./backend/samples";
import { useCouncilCommand } from "./support/council-command";

/**
 * `npm run council -- grant|revoke|list`, as an administrator runs it: the compiled command in a child
 * process, reading DATABASE_PATH like the server, against a temporary database, compiled from the sources when they
 * are newer than build/cli (tests/support/council-command.ts).
 */

const run = useCouncilCommand();
let dataDirectory = "";
let databasePath = "";

beforeAll(async () => {
  dataDirectory = mkdtempSync(path.join(tmpdir(), "council-command-"));
  databasePath = path.join(dataDirectory, "council.sqlite");
  const store = openBuiltInStore(databasePath);
  const registered = await store.registerAccount(sampleAccount);
  await store.close();
  if (!registered.ok) throw new Error("could not register the sample account");
}, 60_000);

afterAll(() => {
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const council = (args: string[], env: Record<string, string> = {}) =>
  run(args, { DATABASE_PATH: databasePath, ...env });

/** Whether the sample student, signed in, holds the role right now, as the site would ask on a request. */
async function isMember(): Promise<boolean | undefined> {
  const store = openBuiltInStore(databasePath);
  try {
    const login = await store.logIn(sampleAccount.enrollment, studentPassword);
    if (!login.ok) throw new Error("login failed");
    const state = await store.whoIsSignedIn(login.value);
    return state.status === "signed-in" ? state.councilMember : undefined;
  } finally {
    await store.close();
  }
}

describe("npm run council", () => {
  it("refuses to grant an unknown College ID, saying so, with a non-zero exit", async () => {
    const result = await council(["grant", "0187XX000000"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has the College ID "0187XX000000"');
    expect(result.stdout).not.toContain("Granted");
  });

  it("prints its answer alone: no start-up log lines unless LOG_LEVEL asks for them", async () => {
    const result = await council(["list"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "No account holds the council role yet. Grant it with: npm run council -- grant <College ID>\n",
    );
    expect(result.stderr).toBe("");
  });

  it("answers on stdout alone; with LOG_LEVEL its log lines (the store, the Firebase warning) go to stderr", async () => {
    const result = await council(["list"], { LOG_LEVEL: "info" });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "No account holds the council role yet. Grant it with: npm run council -- grant <College ID>\n",
    );
    const logged = result.stderr.split("\n").filter((line) => line.startsWith("{"));
    expect(logged.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Store: SQLite/),
        expect.stringMatching(/^Firebase sign-in is off/),
      ]),
    );
  });

  it("without the server's Firebase settings, an unknown College ID says where it looked, not 'register on the site'", async () => {
    const result = await council(["grant", "0187XX000001"]);
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n").filter((line) => line && !line.startsWith("{"))).toEqual([
      'council: No account of the site\'s own has the College ID "0187XX000001", and this command has no Firebase ' +
        "settings (FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN): if the site signs in with Firebase, run it with the " +
        "server's settings; otherwise the person must first register on the site (/userProfileRegistration).",
    ]);
  });

  it("says any other failure in one line with exit 1, never a stack", async () => {
    const result = await council(["backup", path.join(dataDirectory, "no-such-folder", "council.backup")]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.split("\n").filter((line) => line && !line.startsWith("{"));
    expect(lines).toEqual([expect.stringMatching(/^council: ENOENT: no such file or directory/)]);
  });

  it("grants, lists and revokes the role of a registered account, which the site sees at once", async () => {
    expect(await council(["list"])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining("No account holds the council role yet") as string,
    });

    const granted = await council(["grant", sampleAccount.enrollment]);
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain("Granted the council role to 0187CS221042 (Aarav Sharma).");
    expect(await isMember()).toBe(true);
    expect((await council(["grant", "0187cs221042"])).stdout).toContain(
      "0187CS221042 (Aarav Sharma) already holds the council role.",
    );

    const listed = await council(["list"]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      /1 council member:\n {2}0187CS221042 \(Aarav Sharma\), since \d{4}-\d{2}-\d{2} \d{2}:\d{2} IST/,
    );

    const revoked = await council(["revoke", sampleAccount.enrollment]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain("Revoked the council role of 0187CS221042 (Aarav Sharma)");
    expect(await isMember()).toBe(false);
    expect((await council(["list"])).stdout).toContain("No account holds the council role yet");
  }, 60_000); // eight runs of the command, each starting Node and opening the store

  it.each([[[]], [["grant"]], [["promote", "0187CS221042"]], [["grant", "a", "b"]]])(
    "shows its usage for %j, with exit 2",
    async (args) => {
      const result = await council(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("npm run council -- grant <College ID>");
    },
  );

  it("with the council API, says the role is not available there, with a non-zero exit", async () => {
    const result = await council(["grant", sampleAccount.enrollment], { COUNCIL_API_URL: "http://127.0.0.1:9" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("not available with the council API");
  });

  it("reads the server's environment the same way: a production start without a secret is refused", async () => {
    const result = await council(["list"], { SESSION_SECRET: "" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SESSION_SECRET is required in production");
  });

  it.each([
    ["retention", "ID_CARD_RETENTION_DAYS", { ID_CARD_RETENTION_DAYS: "0" }],
    ["list", "SESSION_SECRET", { SESSION_SECRET: "" }],
    ["list", "CONTENT_DIR", { CONTENT_DIR: "no-such-folder" }],
  ])("`%s` with a wrong %s says so in one line, without a stack trace, and exits 1", async (command, variable, env) => {
    const result = await council([command], env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^council: Invalid environment: ${variable} .*See \\.env\\.example\\.$`)),
    ]);
  });
});
