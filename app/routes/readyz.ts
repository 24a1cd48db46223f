import { checkStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";

/**
 * The readiness probe, for a load balancer: 200 while this replica can serve forms (its store answers), 503
 * otherwise, so traffic goes to the replicas that can. Liveness is /healthz: a replica whose database is down is
 * still alive and recovers by itself, and must not be restarted for it.
 *
 * Redis holds only the rate limits' shared counts. While it is unreachable every replica counts in its own memory
 * (limits.server.ts) and forms still save, so a Redis outage is said in the answer but takes no replica out: taking
 * them all out for it would stop every form over what only makes the limits per replica for a while.
 */
const checkTimeoutMs = 2_000;

async function answers(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, checkTimeoutMs, false)));
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probe is public and may be asked many times a second (several load balancers, or anyone): one answer serves
 * every request of this process for two seconds, and requests arriving while a check runs wait for that same check.
 */
const answerKeptMs = 2_000;
let kept: { at: number; readiness: Promise<{ store: boolean; redis: boolean }> } | undefined;

function readiness() {
  const now = Date.now();
  if (!kept || now - kept.at >= answerKeptMs || now < kept.at) {
    kept = {
      at: now,
      readiness: Promise.all([answers(checkStore), answers(() => limits.check())]).then(([store, redis]) => ({
        store,
        redis,
      })),
    };
  }
  return kept.readiness;
}

export async function loader() {
  const { store, redis } = await readiness();
  const limitsNote = redis ? "" : " (redis unreachable: rate limits counted in this replica's memory)";
  return new Response(store ? `ready${limitsNote}\n` : `not ready: store${limitsNote}\n`, {
    status: store ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
