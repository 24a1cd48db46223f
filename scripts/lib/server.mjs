// Starts the production build the way the Dockerfile's CMD does, for the benchmark, Lighthouse and the deploy test.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** @typedef {import("node:stream").Readable} Readable */
/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} ExitStatus */
/**
 * A production server started by startProductionServer.
 * @typedef {object} ProductionServer
 * @property {string} url
 * @property {number} port
 * @property {import("node:child_process").ChildProcessByStdio<null, Readable, Readable>} child
 * @property {{ stdout: string, stderr: string }} output the end of each stream
 * @property {Promise<ExitStatus>} exited
 * @property {(graceMs?: number) => Promise<ExitStatus & { graceful: boolean }>} stop
 */
/**
 * One line of the server's JSON log.
 * @typedef {{ level: string, time: string, msg: string, reqId?: string, [field: string]: unknown }} LogEntry
 */

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Same entry as the Dockerfile's CMD, so SIGTERM reaches the server without npm in between.
 * @type {[script: string, build: string]}
 */
export const serverCommand = ["server.js", "build/server/index.js"];

/** A throwaway secret: long enough for the production check, never used outside a local run. */
const localSessionSecret = "local-run-session-secret-not-for-production-0123456789";

export function buildApp() {
  const result = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

export function assertBuilt(dir = repoRoot) {
  if (!existsSync(path.join(dir, "build", "server", "index.js"))) {
    throw new Error(`No production build in ${path.join(dir, "build")}: run \`npm run build\` first.`);
  }
}

/**
 * Asks the OS for an unused port on the loopback interface, other than the ports in `taken`.
 * @param {number[]} [taken]
 * @returns {Promise<number>}
 */
export async function freeLoopbackPort(taken = []) {
  for (;;) {
    /** @type {number} */
    const port = await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() =>
          typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
        );
      });
    });
    if (!taken.includes(port)) return port;
  }
}

/**
 * Starts `build/server/index.js` from `cwd` on a free loopback port and resolves once /healthz answers 200.
 * The end of stdout (the start-up lines and the access log) and of stderr are kept in `output`. An `env` entry set to
 * undefined is left out of the server's environment (NODE_ENV: undefined starts it as a careless deploy would).
 * `buildPath` starts another server build than build/server/index.js (its client files beside it, in ../client);
 * `node`, another Node than this one (a baseline's).
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, inheritEnv?: boolean, startTimeoutMs?: number,
 *   buildPath?: string, node?: string }} [options]
 * @returns {Promise<ProductionServer>}
 */
export async function startProductionServer({
  cwd = repoRoot,
  env = {},
  inheritEnv = true,
  startTimeoutMs = 30_000,
  buildPath,
  node = process.execPath,
} = {}) {
  const listenPort = await freeLoopbackPort();
  const command = buildPath ? [serverCommand[0], buildPath] : serverCommand;
  const child = spawn(node, command, {
    cwd,
    env: {
      ...(inheritEnv ? process.env : { PATH: process.env.PATH, HOME: process.env.HOME }),
      NODE_ENV: "production",
      SESSION_SECRET: localSessionSecret,
      ...env,
      PORT: String(listenPort),
      HOST: "127.0.0.1",
    },
    stdio: /** @type {["ignore", "pipe", "pipe"]} */ (["ignore", "pipe", "pipe"]),
  });
  // The end of each stream (at least its last 200 kB): error messages for failed starts, and the log (JSON lines)
  // for the log tests. Cut only now and then: a log line per request under a benchmark's load must not cost the
  // benchmark a copy of the whole kept text each time.
  const output = { stdout: "", stderr: "" };
  /** @param {string} text */
  const keep = (text) => (text.length > 1_000_000 ? text.slice(-200_000) : text);
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    output.stdout = keep(output.stdout + chunk);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    output.stderr = keep(output.stderr + chunk);
  });
  /** @type {Promise<ExitStatus>} */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  /** @type {ProductionServer} */
  const server = {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    child,
    output,
    exited,
    /** SIGTERM, then SIGKILL after `graceMs`; reports whether the server stopped on its own. */
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return { ...(await exited), graceful: true };
      child.kill("SIGTERM");
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      /** @type {Promise<"timeout">} */
      const timedOut = new Promise((resolve) => {
        timer = setTimeout(() => resolve("timeout"), graceMs);
      });
      const first = await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      if (first !== "timeout") return { ...first, graceful: true };
      child.kill("SIGKILL");
      return { ...(await exited), graceful: false };
    },
  };

  try {
    await waitForHealthy(server, startTimeoutMs);
  } catch (error) {
    await server.stop(1_000);
    throw error;
  }
  return server;
}

/**
 * @param {ProductionServer} server
 * @param {number} timeoutMs
 */
async function waitForHealthy(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server exited before answering /healthz:\n${server.output.stderr}`);
    }
    try {
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`/healthz did not answer 200 within ${timeoutMs} ms (${lastProblem}).\n${server.output.stderr}`);
}

/**
 * The server's log lines (JSON, one a line on stdout) as objects; anything else (a cut first line) is skipped.
 * @param {string} text
 * @returns {LogEntry[]}
 */
export function logEntries(text) {
  /** @type {LogEntry[]} */
  const entries = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      /** @type {unknown} */
      const entry = JSON.parse(line);
      entries.push(/** @type {LogEntry} */ (entry));
    } catch {
      // The start of the kept output may cut a line in two.
    }
  }
  return entries;
}

/**
 * The `msg` of every log line, one a line: what a person reads, for regexes such as /^Store: SQLite/m.
 * @param {string} text
 */
export function logMessages(text) {
  return logEntries(text)
    .map((entry) => entry.msg)
    .join("\n");
}

/**
 * A baseline's checkout prepared by hand, installed and built (`--against=DIRECTORY`): for a tree whose install this
 * script cannot do alone, such as one from before Node 24 whose native modules build only with headers from outside
 * the npm registry. It runs on the machine's Node, with its own `node_modules/.bin` first on PATH, and is left as it is.
 * @param {string} dir
 * @param {string} tool
 */
async function startPreparedBaseline(dir, tool) {
  const ownBin = path.join(repoRoot, "node_modules", ".bin");
  const PATH = [
    path.join(dir, "node_modules", ".bin"),
    ...(process.env.PATH ?? "").split(path.delimiter).filter((entry) => path.resolve(entry) !== ownBin),
  ].join(path.delimiter);
  const node = spawnSync("node", ["-p", "process.execPath"], { env: { PATH }, encoding: "utf8" }).stdout.trim();
  console.log(
    `${tool}: the prepared checkout ${dir} runs on ${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()}`,
  );
  return { ref: dir, server: await startProductionServer({ cwd: dir, env: { PATH }, node }), remove: () => {} };
}

/**
 * The baseline of a measure's --against: REF built in a temporary git worktree that borrows this tree's node_modules,
 * and its production server. `remove` deletes the worktree (the link to node_modules, never what it points to).
 * @param {string} ref
 * @param {string} tool the measuring script's name, for its messages and the worktree's name
 */
export async function startBaseline(ref, tool) {
  if (existsSync(path.join(ref, "build", "server"))) return startPreparedBaseline(ref, tool);
  const dir = mkdtempSync(path.join(tmpdir(), `${tool}-against-`));
  /** @param {string[]} args */
  const git = (args) => spawnSync("git", args, { cwd: repoRoot, stdio: "inherit" }).status === 0;
  if (!git(["worktree", "add", "--detach", dir, ref])) throw new Error(`git worktree add ${dir} ${ref} failed`);
  const modules = path.join(dir, "node_modules");
  const remove = () => {
    rmSync(modules, { recursive: true, force: true });
    git(["worktree", "remove", "--force", dir]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A baseline with other dependencies (an upgrade measured against the tree before it) installs its own, and builds
    // and runs on its own Node: the one it installs, or the machine's, never this tree's.
    const sameDependencies =
      readFileSync(path.join(dir, "package-lock.json"), "utf8") ===
      readFileSync(path.join(repoRoot, "package-lock.json"), "utf8");
    const ownBin = path.join(repoRoot, "node_modules", ".bin");
    // npm passes this tree's configuration (.npmrc) to its scripts as npm_config_* variables: not the baseline's.
    const machineEnv = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_config_")),
    );
    const env = sameDependencies
      ? process.env
      : {
          ...machineEnv,
          PATH: [
            path.join(modules, ".bin"),
            ...(process.env.PATH ?? "").split(path.delimiter).filter((entry) => path.resolve(entry) !== ownBin),
          ].join(path.delimiter),
        };
    if (sameDependencies) {
      symlinkSync(path.join(repoRoot, "node_modules"), modules, "dir");
    } else {
      console.log(`${tool}: ${ref} has other dependencies: npm ci in ${dir}`);
      const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
        cwd: dir,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (install.status !== 0) throw new Error(`npm ci for ${ref} failed (exit ${install.status ?? install.signal})`);
    }
    console.log(`${tool}: building ${ref} in ${dir} for the comparison`);
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error(`building ${ref} failed (exit ${build.status ?? build.signal})`);
    const node = sameDependencies
      ? process.execPath
      : spawnSync("node", ["-p", "process.execPath"], { env, encoding: "utf8" }).stdout.trim();
    console.log(
      `${tool}: ${ref} runs on ${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()}, this tree on ${process.version}`,
    );
    return {
      ref,
      server: await startProductionServer({ cwd: dir, env: sameDependencies ? {} : { PATH: env.PATH ?? "" }, node }),
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
