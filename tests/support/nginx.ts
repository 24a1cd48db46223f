import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A real nginx (Debian's package) run from a directory of its own, for the deployment tests: the given `http { … }`
 * contents behind a configuration that writes nothing outside `directory`. Resolves once `probeUrl` answers (any
 * answer, a certificate error included: it is listening). `.ci/run` installs the package.
 */
export interface Nginx {
  stop(): Promise<void>;
  /** What nginx wrote to its standard error. */
  output(): string;
}

/**
 * Started as root (CI runs as root), nginx's workers would run as `nobody`, who cannot write the request bodies it
 * buffers to disk (anything over 16 kB, such as an ID card) into this run's private directory: every such upload
 * would answer 500. The workers then run as root too; this nginx listens on loopback only, for one test.
 */
const rootUser = process.getuid?.() === 0 ? "user root;\n" : "";

export async function startNginx(directory: string, httpBlock: string, probeUrl: string): Promise<Nginx> {
  for (const folder of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(path.join(directory, folder), { recursive: true });
  const configuration = path.join(directory, "nginx.conf");
  writeFileSync(
    configuration,
    `daemon off;
${rootUser}worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
${httpBlock}
}
`,
  );
  const executable =
    spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim() || "/usr/sbin/nginx";
  const nginx: ChildProcess = spawn(executable, ["-p", directory, "-c", configuration], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  nginx.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (nginx.exitCode !== null) return;
    nginx.kill("SIGTERM");
    await new Promise((resolve) => nginx.once("exit", resolve));
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const listening = await fetch(probeUrl).then(
      () => true,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code !== "ECONNREFUSED",
    );
    if (listening) return { stop, output: () => output };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
