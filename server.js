#!/usr/bin/env node
// The production server: `node server.js [build/server/index.js]` (npm start, the Docker image's CMD).
//
// NODE_ENV is decided here, before anything imports React: React picks its development or production build when it
// is first imported, and static imports run before any line of this file. A production build rendered by React's
// development build fails on every page ("dispatcher.getOwner is not a function"), so everything else is imported
// dynamically below this line.
process.env.NODE_ENV ??= "production";

const path = await import("node:path");
const { pathToFileURL } = await import("node:url");
const { sharedLogger } = await import("./server/log.ts");
const { createHttpServer, createServerApp, parseTrustProxy } = await import("./server/http.ts");

/**
 * A setting the operator must fix (the environment, the database) is one line that says what to do, not a trace.
 * @param {unknown} error
 * @returns {never}
 */
function stopOnSettingError(error) {
  const thrown = /** @type {{ name?: unknown, message?: unknown } | null | undefined} */ (error);
  if (thrown?.name === "StoreStartupError" || String(thrown?.message).startsWith("Invalid environment:")) {
    console.error(thrown?.message);
    process.exit(1);
  }
  throw error;
}

// Created before the build is imported, so the build's modules log through this same instance (server/log.ts).
/** @type {import("pino").Logger} */
let log;
try {
  log = sharedLogger();
} catch (error) {
  stopOnSettingError(error);
}
const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
/** @type {unknown} */
const loaded = await import(pathToFileURL(buildPath).href).catch(stopOnSettingError);
const build = /** @type {import("./server/http.ts").SiteBuild} */ (loaded);
// Importing the build started nothing: the store opens and the outbox sender and retention start here
// (app/server/app.server.ts), where a damaged database stops the start with one line.
/** @type {ReturnType<typeof build.entry.module.startApp> | undefined} */
let started;
try {
  started = build.entry.module.startApp();
} catch (error) {
  stopOnSettingError(error);
}
// The store's content, not the files read at import, is what the first visitor sees (a registration window the
// council closed stays closed across a restart). A store that cannot be read is logged; the files serve meanwhile.
await started?.contentWatch?.ready;
const app = createServerApp({
  build,
  mode: process.env.NODE_ENV ?? "production",
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  clientDirectory: path.resolve(path.dirname(buildPath), "..", "client"),
  logger: log,
});

// How pages reach the browser is checked once, on a page rendered through the build (app/delivery/page-check.server.ts):
// a framework update that wrote the page's scripts where the site does not hold them stops the start, loudly.
const deliveryProblems = await build.entry.module.checkDelivery(build);
if (deliveryProblems.length > 0) {
  log.fatal(`The pages' scripts are not delivered as the site expects:\n- ${deliveryProblems.join("\n- ")}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
// Not app.listen(): the server needs its request timeouts (server/http.ts), which Node takes only at creation.
const server = createHttpServer(app);
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);

function onListen() {
  log.info(`Student Council site listening on http://${host ?? "localhost"}:${port} (${process.env.NODE_ENV})`);
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    // Said at once, so a stop (a deploy, a scale-down, a killed container) is in the log beside the requests it cut.
    log.info(`${signal}: stopping; no new connections, waiting up to 10 s for requests in flight.`);
    // Stop accepting connections, let requests in flight finish, close idle keep-alive sockets.
    server.close((error) => {
      if (error) log.error({ err: error }, "Closing the server failed");
      else log.info("Stopped: every request in flight finished.");
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
    // A request that never finishes must not keep a container from stopping.
    setTimeout(() => {
      log.warn("Stopped with requests still in flight after 10 s.");
      process.exit(1);
    }, 10_000).unref();
  });
}

// Top-level await above makes this file an ES module; this says so to the type checker.
export {};
