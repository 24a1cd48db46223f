import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { Redis } from "ioredis";
import { freeLoopbackPort } from "../../scripts/lib/server.mjs";

/**
 * A real redis-server (Debian's package) on a free loopback port, for the shared rate-limit tests. No data is
 * written to disk. `.ci/run` installs the package; a machine without it fails with the reason.
 */
export type RedisServer = {
  url: string;
  port: number;
  /** Waits, for 10 s at most, until `count` clients (servers under test) are connected. */
  waitForClients: (count: number) => Promise<void>;
  stop: () => Promise<void>;
};

export function redisServerPath(): string {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (!found)
    throw new Error(
      "redis-server not found: install Debian's package (apt-get install redis-server), as .ci/run does.",
    );
  return found;
}

export async function startRedis(port?: number): Promise<RedisServer> {
  const listenPort = port ?? (await freeLoopbackPort());
  const child: ChildProcess = spawn(
    redisServerPath(),
    [
      "--port",
      String(listenPort),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!output.includes("Ready to accept connections")) {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not start within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = `redis://127.0.0.1:${listenPort}`;
  return {
    url,
    port: listenPort,
    async waitForClients(count) {
      const probe = new Redis(url);
      try {
        // CLIENT LIST has a line per connection, the probe's own included.
        const connected = async () =>
          String(await probe.client("LIST"))
            .trim()
            .split("\n").length - 1;
        for (const deadline = Date.now() + 10_000; (await connected()) < count && Date.now() < deadline;) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await probe.quit();
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
