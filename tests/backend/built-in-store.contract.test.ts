import { useStoreEngines } from "../support/store-engines";
import { describeCouncilBackendContract } from "./contract";
import { tinyPng } from "./samples";

const { engines } = useStoreEngines();

for (const engine of engines) {
  describeCouncilBackendContract(`built-in store on ${engine.name}`, async () => {
    const store = await engine.fresh();
    return {
      backend: store,
      async seedAccount(account) {
        const outcome = await store.registerAccount({ ...account, idCard: { mediaType: "image/png", bytes: tinyPng } });
        if (!outcome.ok) throw new Error(`seeding the account failed: ${JSON.stringify(outcome)}`);
      },
      async close() {},
    };
  });
}
