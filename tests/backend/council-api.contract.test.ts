import { createCouncilApiBackend } from "~/server/backend/council-api.server";
import { startFakeCouncilApi } from "../../scripts/fake-council-api.mjs";
import { describeCouncilBackendContract } from "./contract";

// The same behaviour the built-in store shows, from the council-API adapter talking to the fake council API over
// real HTTP on loopback.
describeCouncilBackendContract("council API adapter", async () => {
  const fake = await startFakeCouncilApi();
  return {
    backend: createCouncilApiBackend({ apiUrl: fake.url, authUrl: fake.url, timeoutMs: 2_000 }),
    seedAccount(account) {
      // With the council API, accounts live on the council's side: the site's registration form sends nothing.
      fake.addAccount(account);
      return Promise.resolve();
    },
    close: () => fake.close(),
  };
});
