import type { ChildProcess } from "node:child_process";

export declare const repoRoot: string;
export declare const serverCommand: string[];
export declare function buildApp(): void;
export declare function assertBuilt(dir?: string): void;
export declare function freeLoopbackPort(taken?: number[]): Promise<number>;

export type ProductionServer = {
  url: string;
  port: number;
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; graceful: boolean }>;
};

export declare function startProductionServer(options?: {
  cwd?: string;
  env?: Record<string, string | undefined>;
  inheritEnv?: boolean;
  startTimeoutMs?: number;
  buildPath?: string;
}): Promise<ProductionServer>;

/** One line of the server's JSON log. */
export type LogEntry = { level: string; time: string; msg: string; reqId?: string; [field: string]: unknown };
export declare function logEntries(text: string): LogEntry[];
export declare function logMessages(text: string): string;
