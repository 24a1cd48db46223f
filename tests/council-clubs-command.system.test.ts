import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClubCoordinators } from "~/content/editing/club-coordinators.server";
import { readContentFiles } from "~/content/content-files.server";
import { openBuiltInStore } from "~/server/backend/built-in/store.server";
import { useCouncilCommand } from "./support/council-command";

/** `npm run council -- grant|revoke <College ID> --club <slug>` and `coordinators`, as an administrator runs them. */

const run = useCouncilCommand();
let dataDirectory = "";
let databasePath = "";

beforeAll(() => {
  dataDirectory = mkdtempSync(path.join(tmpdir(), "council-clubs-"));
  databasePath = path.join(dataDirectory, "council.sqlite");
});
afterAll(() => {
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const council = (args: string[]) => run(args, { DATABASE_PATH: databasePath, CONTENT_DIR: process.env.CONTENT_DIR! });

async function clubsOf(collegeId: string) {
  const store = openBuiltInStore(databasePath);
  try {
    return await createClubCoordinators(store.database).clubsOf(collegeId);
  } finally {
    await store.close();
  }
}

describe("npm run council -- grant --club", () => {
  it("grants a College ID one club, lists it, and revokes it", async () => {
    const read = readContentFiles(process.env.CONTENT_DIR!);
    if (!read.ok) throw new Error("no content");
    const slug = read.content.clubs[4]!.slug;

    const granted = await council(["grant", "0187cs241001", "--club", slug.toUpperCase()]);
    expect(granted.stderr).toBe("");
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain(`0187cs241001 may now edit the club ${slug.toLowerCase()}`);
    // The College ID's key: any spelling of the same ID is the same coordinator.
    expect(await clubsOf("0187CS241001")).toEqual([slug.toLowerCase()]);
    expect((await council(["grant", "0187CS241001", "--club", slug])).stdout).toContain("could already edit");
    expect((await council(["coordinators"])).stdout).toContain(`0187CS241001: ${slug.toLowerCase()}, since `);

    const revoked = await council(["revoke", "0187CS241001", "--club", slug]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain("may no longer edit the club");
    expect(await clubsOf("0187CS241001")).toEqual([]);
    // Five runs of the command, each a few seconds on a busy machine.
  }, 120_000);

  it("refuses a club the content does not have, naming the clubs, and changes nothing", async () => {
    const result = await council(["grant", "0187CS241002", "--club", "no-such-club"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^council: there is no club "no-such-club"\. The clubs are: /);
    expect(await clubsOf("0187CS241002")).toEqual([]);
  }, 60_000);

  it("prints its usage for a --club without a slug", async () => {
    const result = await council(["grant", "0187CS241003", "--club"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--club <slug>");
  }, 60_000);
});
