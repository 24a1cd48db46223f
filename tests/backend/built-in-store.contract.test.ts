import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openBuiltInStore } from "~/server/backend/built-in-store.server";
import { describeCouncilBackendContract } from "./contract";
import { tinyPng } from "./samples";


describeCouncilBackendContract("built-in store", async () => {
  const directory = mkdtempSync(path.join(tmpdir(), "council-store-contract-"));
  const store = openBuiltInStore(path.join(directory, "council.sqlite"));
  return {
    backend: store,
    async seedAccount(account) {
      const outcome = await store.registerAccount({ ...account, idCard: { mediaType: "image/png", bytes: tinyPng } });
      if (!outcome.ok) throw new Error(`seeding the account failed: ${JSON.stringify(outcome)}`);
    },
    async close() {
      store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
});
