import { once } from "node:events";
import {
  createServer as createHttpServer,
  get as httpGet,
  type IncomingMessage,
  request as httpRequest,
} from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import { initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import {
  createFirebaseIdentity,
  type FirebaseIdentity,
  type FirebaseIdentityOptions,
} from "~/server/backend/firebase-identity.server";
import { clearEmulatorAccounts, startAuthEmulator, type AuthEmulator } from "../../scripts/lib/auth-emulator.mjs";

/**
 * The Firebase Auth emulator for Vitest: borrowed from the run's lender where there is one (tests/setup/auth-emulators.ts,
 * the `system` project), else started on free ports in a temporary directory (scripts/lib/auth-emulator.mjs) and stopped
 * after; plus firebase-admin clients pointed at it or at stand-ins for a slow Firebase.
 *
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the process environment: on an Auth's first call (which
 * fixes that Auth's URLs) and on every call (emulator mode: no credentials). So each Auth here makes its first call
 * while the variable names its host, and the variable keeps naming some emulator host for the rest of the file.
 */

let appCount = 0;

/** A firebase-admin Auth whose calls go to the emulator (or stand-in) at `host`. */
export function adminAuthFor(host: string, projectId: string): Auth {
  const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  appCount += 1;
  const auth = getAuth(initializeApp({ projectId }, `council-test-${process.pid}-${appCount}`));
  // The first call builds the Auth's URLs synchronously, from the variable as it is now; its answer does not matter.
  void auth.getUser("pin-the-emulator-host").catch(() => undefined);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = previous || host;
  return auth;
}

/** The adapter's options pointing it at `host` (a stand-in for a hanging or slow Firebase), with a short deadline. */
export function firebaseAt(host: string, projectId: string, timeoutMs = 1000): Partial<FirebaseIdentityOptions> {
  return { auth: adminAuthFor(host, projectId), emulatorHost: host, timeoutMs };
}

/** The web API key the tests give the adapter (the emulator takes any). */
export const testApiKey = "fake-api-key";

export interface FirebaseTestbed {
  emulator: AuthEmulator;
  /** firebase-admin against the emulator, as the council uses it outside the site. */
  auth: Auth;
  /**
   * The site's Firebase adapter on the emulator, keeping its details and queueing its e-mails in `store`; the
   * council's checks and claims only with `database` in `overrides`, as the site offers them only then.
   */
  identity(store: BuiltInStore, overrides?: Partial<FirebaseIdentityOptions>): FirebaseIdentity;
  /** Stops the emulator: Firebase gone, for the tests of what the site does then. */
  stop(): Promise<void>;
  /** Done with it: a borrowed emulator goes back to the run's lender, a file's own is stopped. */
  release(): Promise<void>;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's lender of Auth emulators (tests/setup/auth-emulators.ts), in the `system` project. */
    authEmulatorLender?: string;
  }
}

export async function startFirebaseTestbed(): Promise<FirebaseTestbed> {
  const lender = inject("authEmulatorLender");
  // Alone it starts in about a minute on a busy 2-core machine; two files starting theirs at once took over 90 s.
  const { emulator, release } = lender
    ? await borrowAuthEmulator(lender)
    : { emulator: await startAuthEmulator({ startTimeoutMs: 200_000 }), release: undefined };
  const auth = adminAuthFor(emulator.host, emulator.projectId);
  let done = false;
  return {
    emulator,
    auth,
    identity: (store, overrides = {}) =>
      createFirebaseIdentity({
        auth,
        profiles: store.profiles,
        mail: store.mailQueue,
        apiKey: testApiKey,
        projectId: emulator.projectId,
        emulatorHost: emulator.host,
        timeoutMs: 6000,
        ...overrides,
      }),
    async stop() {
      if (done) return;
      done = true;
      await emulator.stop();
    },
    async release() {
      if (done) return;
      done = true;
      if (release) await release();
      else await emulator.stop();
    },
  };
}

/**
 * An emulator of the run's lender, this file's until `release` (which closes the connection the lender lent it on).
 * Its `stop()` has the lender stop it for good.
 */
async function borrowAuthEmulator(lender: string): Promise<{ emulator: AuthEmulator; release: () => Promise<void> }> {
  // Its own connection (no agent), which no idle timeout closes.
  const request = httpGet(`${lender}/borrow`, { agent: false });
  const [response] = (await once(request, "response")) as [IncomingMessage];
  // The first line is the lease; the answer then stays open (not read to its end) for as long as the file keeps it.
  const line = await new Promise<string>((resolve, reject) => {
    let received = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end >= 0 && response.statusCode === 200) resolve(received.slice(0, end));
    });
    response.on("end", () => reject(new Error(`No Auth emulator to borrow: ${received}`)));
    response.on("error", reject);
  });
  const lease = JSON.parse(line) as { id: string; host: string; url: string; projectId: string };
  const release = async () => {
    if (request.destroyed) return;
    request.destroy();
    await once(request, "close");
  };
  const emulator: AuthEmulator = {
    host: lease.host,
    url: lease.url,
    projectId: lease.projectId,
    output: { text: "" },
    clearAccounts: () => clearEmulatorAccounts(lease.url, lease.projectId),
    async stop() {
      const stopped = await fetch(`${lender}/stop/${lease.id}`, {
        method: "POST",
        signal: AbortSignal.timeout(30_000),
      });
      await stopped.arrayBuffer();
      await release();
      // A test of Firebase gone must not run against an emulator still answering.
      if (stopped.status !== 204) throw new Error(`The lender did not stop the Auth emulator: ${stopped.status}`);
    },
  };
  return { emulator, release };
}

/**
 * One emulator for the test file: borrowed or started before its first test (after `first`, such as a PostgreSQL
 * cluster, so neither starts inside a test's deadline), released after the last, its accounts cleared before each test.
 */
export function useFirebaseTestbed(first?: () => Promise<unknown>): FirebaseTestbed {
  let started: FirebaseTestbed | undefined;
  const testbed = () => {
    if (!started) throw new Error("the Auth emulator has not started");
    return started;
  };
  beforeAll(async () => {
    await first?.();
    started = await startFirebaseTestbed();
  }, 240_000);
  afterAll(async () => {
    await started?.release();
  });
  beforeEach(async () => {
    await testbed().emulator.clearAccounts();
  });
  return {
    get emulator() {
      return testbed().emulator;
    },
    get auth() {
      return testbed().auth;
    },
    identity: (store, overrides) => testbed().identity(store, overrides),
    stop: () => testbed().stop(),
    release: () => testbed().release(),
  };
}

/** Starts `server` on a free loopback port; resolves with its host:port. */
async function listenOnLoopback(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no address");
  return `127.0.0.1:${address.port}`;
}

/** A TCP server that accepts connections and never answers: Firebase hanging. */
export async function startSilentServer(): Promise<{ host: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  return {
    host: await listenOnLoopback(server),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An HTTP proxy to the emulator that holds back the answer to requests whose path matches `slowPath` for
 * `delayMs`: Firebase answering, but late (the request itself reaches the emulator at once).
 */
export async function startDelayingProxy(
  target: string,
  slowPath: RegExp,
  delayMs: number,
): Promise<{ host: string; close(): Promise<void> }> {
  const [targetHost = "", targetPort = ""] = target.split(":");
  const server = createHttpServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: targetHost,
        port: Number(targetPort),
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const forward = () => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        };
        if (slowPath.test(incoming.url ?? "")) setTimeout(forward, delayMs);
        else forward();
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return {
    host: await listenOnLoopback(server),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
