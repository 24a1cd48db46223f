import { env } from "../env.server";
import { openBuiltInStore } from "./built-in-store.server";
import type { CouncilBackend } from "./council-backend.server";
import { createCouncilApiBackend } from "./council-api.server";

/**
 * Chosen once at start: the council API when COUNCIL_API_URL is set, otherwise the built-in store. Routes import
 * this and never learn which one it is.
 */
export const councilBackend: CouncilBackend = env.COUNCIL_API_URL
  ? createCouncilApiBackend({
      apiUrl: env.COUNCIL_API_URL,
      authUrl: env.councilAuthUrl ?? env.COUNCIL_API_URL,
      timeoutMs: env.COUNCIL_API_TIMEOUT_MS,
    })
  : openBuiltInStore(env.DATABASE_PATH);

console.log(`Council backend: ${councilBackend.description}`);
