import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { ownModules, storeEnginesCall } from "../../vitest.config";

/**
 * Every test file lands in a Vitest project by its name alone (vitest.config.ts, docs/testing.md): `*.system.test.ts`
 * in `system`, any other in `unit` (and in `postgres` too if it opens the store on its engines). Asked of Vitest itself, so a rule that leaves a file out, or a glob that puts it
 * in both, fails here; and a unit file that starts what only the system run has (the production build, PostgreSQL,
 * Redis, nginx, Firefox, the HTML checker, the Auth emulator) fails here with the name to give it.
 */
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const testFiles = readdirSync(path.join(repoRoot, "tests"), { recursive: true, encoding: "utf8" })
  .map((file) => `tests/${file.split(path.sep).join("/")}`)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();
const isSystem = (file: string) => /\.system\.test\.tsx?$/.test(file);
const source = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

/** The project names Vitest gives each test file. */
function projectsByFile(): Map<string, string[]> {
  const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "list", "--filesOnly", "--json"], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const listed = JSON.parse(run.stdout) as { file: string; projectName: string }[];
  const projects = new Map<string, string[]>();
  for (const { file, projectName } of listed) {
    const name = path.relative(repoRoot, file).split(path.sep).join("/");
    projects.set(name, [...(projects.get(name) ?? []), projectName].sort());
  }
  return projects;
}

test("every test file is in the project its name says, and only there", () => {
  const projects = projectsByFile();
  const expected = new Map(
    testFiles.map((file) => [
      file,
      // A unit file that opens the store on its engines runs again, on PostgreSQL, in the postgres project.
      // A unit file listed in ownModules runs in unit-own-modules instead of unit.
      isSystem(file)
        ? ["system"]
        : [
            ...(storeEnginesCall.test(source(file)) ? ["postgres"] : []),
            ownModules.includes(file) ? "unit-own-modules" : "unit",
          ],
    ]),
  );
  expect(Object.fromEntries(projects)).toEqual(Object.fromEntries(expected));
}, 60_000);

// What a unit file may not start: each needs the build or a program a fresh clone may not have, or takes long.
const systemOnly: [RegExp, string][] = [
  [/support\/production-server"/, "the production build"],
  [/support\/postgres"/, "PostgreSQL"],
  [/support\/redis-server"/, "redis-server"],
  [/support\/nginx"/, "nginx"],
  [/support\/firefox"/, "Firefox"],
  [/support\/nu-checker"/, "the Nu HTML checker"],
  [/support\/firebase-emulator"/, "the Firebase Auth emulator"],
  [/["'`]build\/(server|client|cli)\//, "the production build"],
  [/\["run", "dev"/, "the development server"],
  [/support\/council-command"/, "the council command, a child process a call"],
  [/from "(@playwright\/test|playwright|playwright-core)"/, "a browser (Chromium)"],
];

test("a unit file starts nothing that only the system run has (name such a file *.system.test.ts)", () => {
  const misplaced = testFiles
    .filter((file) => !isSystem(file) && file !== "tests/setup/projects.test.ts")
    .flatMap((file) =>
      systemOnly.filter(([uses]) => uses.test(source(file))).map(([, what]) => `${file} starts ${what}`),
    );
  expect(misplaced).toEqual([]);
});
