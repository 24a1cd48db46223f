#!/usr/bin/env node
// The Firebase Auth emulator (firebase-tools, offline, no Java) for the tests and the end-to-end run, on ports of its
// own in a temporary directory with its own firebase.json, so parallel runs never share a port or a hub locator.
// For development, `npm run firebase-emulator` uses the committed firebase.json instead.
//
//   import { startAuthEmulator } from "./scripts/lib/auth-emulator.mjs";  // tests: start, use, stop
//   node scripts/lib/auth-emulator.mjs --port 5307                        // Playwright's webServer: until SIGTERM
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freeLoopbackPort, repoRoot } from "./server.mjs";

const firebaseCli = path.join(repoRoot, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");

/**
 * A running Auth emulator.
 * @typedef {object} AuthEmulator
 * @property {string} host host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it
 * @property {string} url
 * @property {string} projectId
 * @property {{ text: string }} output the end of its output, for a failed start
 * @property {() => Promise<void>} clearAccounts
 * @property {() => Promise<void>} stop
 */

/** A "demo-" project needs no Google account and never reaches a real service. */
const emulatorProjectId = "demo-council";

/**
 * Starts the emulator and resolves once its Auth endpoint answers. Ports not given are picked free on loopback
 * (the hub and logging ports are reserved by firebase-tools even for auth alone).
 * @param {{ port?: number, hubPort?: number, loggingPort?: number, projectId?: string, startTimeoutMs?: number }} [options]
 * @returns {Promise<AuthEmulator>}
 */
export async function startAuthEmulator({
  port,
  hubPort,
  loggingPort,
  projectId = emulatorProjectId,
  startTimeoutMs = 90_000,
} = {}) {
  const host = "127.0.0.1";
  const auth = port ?? (await freeLoopbackPort());
  const hub = hubPort ?? (await freeLoopbackPort([auth]));
  const ports = { auth, hub, logging: loggingPort ?? (await freeLoopbackPort([auth, hub])) };

  const directory = mkdtempSync(path.join(tmpdir(), "council-auth-emulator-"));
  writeFileSync(
    path.join(directory, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host, port: ports.auth },
        hub: { host, port: ports.hub },
        logging: { host, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const child = spawn(process.execPath, [firebaseCli, "emulators:start", "--only", "auth", "--project", projectId], {
    cwd: directory,
    env: {
      ...process.env,
      // firebase-tools keeps its hub locator in the temporary directory and its settings under the config
      // directory: both inside ours, so runs side by side (and a fresh clone) behave alike.
      TMPDIR: directory,
      XDG_CONFIG_HOME: path.join(directory, "config"),
      FIREBASE_AUTH_EMULATOR_HOST: "",
    },
    stdio: /** @type {["ignore", "pipe", "pipe"]} */ (["ignore", "pipe", "pipe"]),
  });
  const output = { text: "" };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8").on("data", (chunk) => {
      output.text = (output.text + chunk).slice(-20_000);
    });
  }
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  /** @type {AuthEmulator} */
  const emulator = {
    /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
    host: `${host}:${ports.auth}`,
    url: `http://${host}:${ports.auth}`,
    projectId,
    output,
    /** Removes every account (the emulator's own REST call), so each test starts from none. */
    clearAccounts: () => clearEmulatorAccounts(`http://${host}:${ports.auth}`, projectId),
    /** SIGTERM (firebase-tools shuts down cleanly), SIGKILL after 10 s; then the temporary directory goes. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        /** @type {NodeJS.Timeout | undefined} */
        let timer;
        /** @type {Promise<"late">} */
        const late = new Promise((resolve) => {
          timer = setTimeout(() => resolve("late"), 10_000);
        });
        if ((await Promise.race([exited, late])) === "late") {
          child.kill("SIGKILL");
          await exited;
        }
        clearTimeout(timer);
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };

  try {
    await waitUntilReady(emulator, child, startTimeoutMs);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return emulator;
}

/**
 * Removes every account of `projectId` from the emulator at `url` (its own REST call; action codes stay).
 * @param {string} url
 * @param {string} projectId
 */
export async function clearEmulatorAccounts(url, projectId) {
  const response = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, {
    method: "DELETE",
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`Clearing the emulator's accounts answered ${response.status}`);
}

/**
 * @param {AuthEmulator} emulator
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} timeoutMs
 */
async function waitUntilReady(emulator, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The Auth emulator exited before it was ready:\n${emulator.output.text}`);
    }
    try {
      const response = await fetch(`${emulator.url}/`, { signal: AbortSignal.timeout(2_000) });
      /** @type {unknown} */
      const answer = response.ok ? await response.json() : undefined;
      const body = /** @type {{ authEmulator?: { ready?: unknown } } | undefined} */ (answer);
      if (body?.authEmulator?.ready === true) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The Auth emulator was not ready within ${timeoutMs} ms:\n${emulator.output.text}`);
}

// Run directly: start on the given ports and stay until SIGTERM or SIGINT (Playwright's webServer).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: "string" }, "hub-port": { type: "string" }, "logging-port": { type: "string" } },
  });
  /** @param {string | undefined} value */
  const toPort = (value) => (value === undefined ? undefined : Number(value));
  const emulator = await startAuthEmulator({
    port: toPort(values.port),
    hubPort: toPort(values["hub-port"]),
    loggingPort: toPort(values["logging-port"]),
  });
  console.log(`Firebase Auth emulator ready at ${emulator.host} (project ${emulator.projectId})`);
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      void emulator.stop().then(() => process.exit(0));
    });
  }
}
