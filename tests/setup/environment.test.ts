import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const temporaryDirectory = mkdtempSync(path.join(tmpdir(), "council-setup-check-"));

afterAll(() => rmSync(temporaryDirectory, { recursive: true, force: true }));

test("a test run leaves no council-test-* folder behind in the temporary directory", () => {
  // Another run of Vitest, on one small test file, with a temporary directory of its own to look into afterwards.
  const { DATABASE_PATH: _ours, CONTENT_DIR: _ourContent, ...environment } = process.env;
  const run = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", "tests/env.test.ts"],
    {
      cwd: repoRoot,
      env: { ...environment, TMPDIR: temporaryDirectory },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expect(run.status, run.stdout + run.stderr).toBe(0);
  expect(readdirSync(temporaryDirectory).filter((name) => name.startsWith("council-test-"))).toEqual([]);
}, 90_000);
