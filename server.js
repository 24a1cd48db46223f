#!/usr/bin/env node
// The production server: `node server.js [build/server/index.js]`. It does what react-router-serve does
// (compression, long-lived caching of fingerprinted assets, an access log) plus two things that tool cannot:
// it hands the visitor's address to the app (per-client login rate limits, docs/decisions/0004) and it stops
// gracefully, finishing requests in flight before exiting on SIGTERM.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV ??= "production";

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = await import(pathToFileURL(buildPath).href);
const clientDirectory = path.resolve(path.dirname(buildPath), "..", "client");

const app = express();
app.disable("x-powered-by");
// Behind a proxy (TRUST_PROXY=1, "loopback", a subnet...), the visitor's address comes from X-Forwarded-For;
// otherwise from the socket. Express's own syntax: https://expressjs.com/en/guide/behind-proxies.html
app.set("trust proxy", parseTrustProxy(process.env.TRUST_PROXY));

app.use(compression());
app.use("/assets", express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(clientDirectory, { maxAge: "1h" }));
app.use(morgan("tiny"));
app.all(
  "*",
  (request, _response, next) => {
    // Overwrites whatever the client sent under this name: only the server decides who the client is.
    request.headers["x-client-address"] = request.ip ?? "unknown";
    next();
  },
  createRequestHandler({ build, mode: process.env.NODE_ENV }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);

function onListen() {
  console.log(`Student Council site listening on http://${host ?? "localhost"}:${port}`);
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    // Stop accepting connections, let requests in flight finish, close idle keep-alive sockets.
    server.close((error) => {
      if (error) console.error(error);
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
    // A request that never finishes must not keep a container from stopping.
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}

function parseTrustProxy(value) {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
