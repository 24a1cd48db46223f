import type { IncomingHttpHeaders } from "node:http";

/** An account the fake's /auth/login accepts: College ID = enrollment, password = dob written DDMMYYYY. */
export interface FakeAccount {
  enrollment: string;
  /** YYYY-MM-DD */
  dob: string;
  username: string;
  email: string;
  phone: string;
  college: string;
  branch: string;
  gender: string;
  bio?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** As Node received them: lower-case names. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

/** How the next requests are answered instead of by the normal rules. */
export interface FakeBehaviour {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer with this status (a JSON `{ success: false, message }` unless `body`, `nonJson` or `redirectTo`). */
  status?: number;
  /** Answer an HTML page instead of JSON (status 200 unless `status`). */
  nonJson?: boolean;
  /** Answer this JSON (status 200 unless `status`). */
  body?: unknown;
  /** Answer a redirect to this location (status 302 unless `status`). */
  redirectTo?: string;
  /** Only requests to this path get the behaviour; the others follow the normal rules. */
  only?: string;
  /** More Set-Cookie values sent with a successful login. */
  extraSetCookies?: string[];
}

export interface StoredTeam {
  _id: string;
  teamName: string;
  category: string;
  description: string;
  members: Record<string, unknown>[];
  createdAt: string;
}

export interface FakeCouncilApi {
  url: string;
  port: number;
  requests: RecordedRequest[];
  teams: StoredTeam[];
  addAccount(account: FakeAccount): void;
  setBehaviour(behaviour: FakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export declare function passwordFor(dob: string): string;

export declare function startFakeCouncilApi(options?: {
  port?: number;
  host?: string;
  log?: boolean;
}): Promise<FakeCouncilApi>;
