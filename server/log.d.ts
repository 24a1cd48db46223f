import type { Logger } from "pino";

export const redactedPaths: string[];
export function logLevel(value?: string): string;
export function createLogger(options?: {
  level?: string;
  pretty?: boolean;
  destination?: NodeJS.WritableStream;
}): Logger;
export function sharedLogger(): Logger;
