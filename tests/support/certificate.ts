import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * A throw-away self-signed certificate for 127.0.0.1, valid one day, written as `cert.pem` and `key.pem` into
 * `directory` (Debian's openssl; `.ci/run` installs it): for the servers the tests run over TLS.
 */
export function loopbackCertificate(directory: string): { certificate: string; key: string } {
  const certificate = path.join(directory, "cert.pem");
  const key = path.join(directory, "key.pem");
  const openssl = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { encoding: "utf8" },
  );
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
  return { certificate, key };
}
