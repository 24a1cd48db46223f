export declare const emulatorProjectId: string;

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  url: string;
  projectId: string;
  output: { text: string };
  clearAccounts(): Promise<void>;
  stop(): Promise<void>;
}

export declare function startAuthEmulator(options?: {
  port?: number;
  hubPort?: number;
  loggingPort?: number;
  projectId?: string;
  startTimeoutMs?: number;
}): Promise<AuthEmulator>;
