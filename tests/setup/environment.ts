import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Each test file gets its own throwaway built-in store, so no test writes under the repository or sees another's rows.
process.env.DATABASE_PATH ??= path.join(mkdtempSync(path.join(tmpdir(), "council-test-")), "council.sqlite");
