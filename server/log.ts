// The one logger of the process, shared by server.js, server/ and the React Router build.
//
// The build bundles its own copy of this file (app/server/ops/log.server.ts imports it), so the instance lives on
// globalThis under a registered symbol: whichever copy runs first creates it, every other copy gets the same one.
// Under `npm run dev` there is no server.js, and the build's copy creates it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino from "pino";
import type { DestinationStream, Logger, LoggerOptions } from "pino";

const key = Symbol.for("student-council.logger");
/** globalThis, seen as the holder of the shared logger. */
const holder = globalThis as typeof globalThis & { [key]?: Logger };
const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const requestKey = Symbol.for("student-council.request-id");
const requestHolder = globalThis as typeof globalThis & { [requestKey]?: AsyncLocalStorage<string> };

/**
 * The id of the request being answered, for every line written while answering it (a store failure deep in a
 * module that never sees the request): server/request-facts.ts runs each request inside it. Shared like the logger.
 */
export function currentRequest(): AsyncLocalStorage<string> {
  requestHolder[requestKey] ??= new AsyncLocalStorage();
  return requestHolder[requestKey];
}

/**
 * What the log never holds. Request lines carry only the fields server/request-log.ts picks (no headers, no body), so these
 * paths are the net under any object a module passes by mistake: credentials and cookies by name, and a form's
 * values wherever they would sit.
 */
const redactedPaths = [
  "headers.cookie",
  "headers.authorization",
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers['set-cookie']",
  "cookie",
  "authorization",
  "password",
  "*.password",
  "formData",
  "*.formData",
  "body",
  "*.body",
];

/** LOG_LEVEL: pino's level names; unset means info. A wrong value stops the server at start with this message. */
export function logLevel(value: string | undefined = process.env.LOG_LEVEL): string {
  // Unit tests assert on what they log through spies; their runner's output stays readable.
  if (value === undefined || value === "") return process.env.NODE_ENV === "test" ? "silent" : "info";
  const level = value.trim().toLowerCase();
  if (!levels.includes(level)) {
    throw new Error(`Invalid environment: LOG_LEVEL must be one of ${levels.join(", ")}. See .env.example.`);
  }
  return level;
}

export interface LoggerSettings {
  level?: string;
  pretty?: boolean;
  destination?: DestinationStream;
}

/** JSON lines in production (one object a line, for the log collector); readable lines in development. */
export function createLogger({
  level = logLevel(),
  pretty = process.env.NODE_ENV === "development",
  destination,
}: LoggerSettings = {}): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactedPaths, censor: "[redacted]" },
    // A line written while a request is answered carries its id, unless it names one itself (the request line does).
    mixin: (fields, _level, logger) => {
      const reqId = currentRequest().getStore();
      return reqId === undefined || "reqId" in fields || "reqId" in logger.bindings() ? {} : { reqId };
    },
  };
  if (destination) return pino(options, destination);
  if (pretty) {
    return pino({
      ...options,
      transport: {
        // Resolved here: pino resolves a name from its callers' files, which Vite's module runner (the development
        // server) does not give as paths on disk.
        target: createRequire(import.meta.url).resolve("pino-pretty"),
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true },
      },
    });
  }
  return pino(options);
}

/**
 * The process's logger, created on first use (with `options`, which only the first call can give: the council
 * command's logger writes to stderr, so its answer alone is on stdout).
 */
export function sharedLogger(options?: LoggerSettings): Logger {
  holder[key] ??= createLogger(options);
  return holder[key];
}
