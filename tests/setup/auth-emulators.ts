import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { TestProject } from "vitest/node";
import { type AuthEmulator, startAuthEmulator } from "../../scripts/lib/auth-emulator.mjs";

/**
 * The `system` run's Firebase Auth emulators, lent to one test file at a time (tests/support/firebase-emulator.ts)
 * instead of one started by each file: a start costs about 8 s of CPU, and seven files use one.
 *
 * A file borrows with `GET /borrow` and keeps that answer open while it uses the emulator: it gets a line of JSON
 * (the emulator's address) at once if one is idle, else once a new one has started. When the connection closes (the
 * file is done, or its worker died), the emulator's accounts are cleared and it waits for the next file. One that
 * cannot be cleared is stopped and forgotten; so is one a file stopped on purpose (`POST /stop/<id>`), as a test of
 * Firebase going away does.
 *
 * Only accounts are cleared: the action codes of an earlier file stay, and unused (no test lists them as a whole).
 */
export default async function lendAuthEmulators(project: TestProject) {
  const idle: AuthEmulator[] = [];
  const lent = new Map<string, AuthEmulator>();
  const starting = new Set<Promise<AuthEmulator>>();
  let leases = 0;
  let closing = false;

  async function giveBack(emulator: AuthEmulator) {
    try {
      await emulator.clearAccounts();
      idle.push(emulator);
    } catch {
      await emulator.stop();
    }
  }

  async function borrow(response: ServerResponse) {
    // The borrower's connection closing before the lease, or after it: the answer is never ended otherwise.
    let gone = false;
    response.once("close", () => {
      gone = true;
    });
    let emulator = idle.pop();
    if (!emulator) {
      const start = startAuthEmulator({ startTimeoutMs: 200_000 });
      starting.add(start);
      try {
        emulator = await start;
      } finally {
        starting.delete(start);
      }
    }
    if (closing) {
      await emulator.stop();
      return;
    }
    if (gone) {
      // The file gave up (or its worker died) while the emulator started.
      idle.push(emulator);
      return;
    }
    leases += 1;
    const id = String(leases);
    lent.set(id, emulator);
    response.on("close", () => {
      if (closing || lent.get(id) !== emulator) return;
      lent.delete(id);
      void giveBack(emulator);
    });
    response.writeHead(200, { "Content-Type": "application/x-ndjson" });
    response.write(
      `${JSON.stringify({ id, host: emulator.host, url: emulator.url, projectId: emulator.projectId })}\n`,
    );
  }

  async function stop(id: string, response: ServerResponse) {
    const emulator = lent.get(id);
    lent.delete(id);
    await emulator?.stop();
    response.writeHead(emulator ? 204 : 404).end();
  }

  const server = createServer((request, response) => {
    const stopped = /^\/stop\/(\d+)$/.exec(request.url ?? "");
    const answer =
      request.method === "GET" && request.url === "/borrow"
        ? borrow(response)
        : request.method === "POST" && stopped
          ? stop(stopped[1]!, response)
          : Promise.resolve(void response.writeHead(404).end());
    answer.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(503, { "Content-Type": "text/plain" });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  // A lease is an answer left open for as long as a file runs: no deadline of Node's may close it.
  server.requestTimeout = 0;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the emulator lender has no address");
  project.provide("authEmulatorLender", `http://127.0.0.1:${address.port}`);

  return async () => {
    closing = true;
    server.closeAllConnections();
    server.close();
    const started = await Promise.all([...starting].map((start) => start.catch(() => null)));
    const all = [...idle, ...lent.values(), ...started.filter((emulator) => emulator !== null)];
    await Promise.all(all.map((emulator) => emulator.stop()));
  };
}
