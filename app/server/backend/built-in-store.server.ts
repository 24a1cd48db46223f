import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { hashPassword, passwordFromDateOfBirth, verifyPassword } from "../passwords.server";
import { createBuiltInInbox } from "./built-in-inbox.server";
import type {
  AccountRegistration,
  CouncilApplication,
  CouncilBackend,
  CouncilMember,
  CouncilRoleChange,
  Failure,
  IdeaSubmission,
  Outcome,
  RegisteredTeam,
  SignedInState,
  Suggestion,
  TeamRegistration,
} from "./council-backend.server";
import type { CouncilInbox } from "./council-inbox.server";

/**
 * The built-in store: the council backend of a fresh checkout, an embedded SQLite database (better-sqlite3).
 * Every write is one transaction and every uniqueness rule (team names ignoring case, one team per e-mail, one
 * account per enrollment number) is a database constraint, so concurrent submits from several processes can
 * never leave a half-saved or duplicated team.
 */

/** Raised by `PRAGMA user_version`; a migration for each later version goes in `migrations` below. */
const schemaVersion = 3;

const migrations: Record<number, string> = {
  1: `
    CREATE TABLE IF NOT EXISTS applications (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      dob TEXT NOT NULL,
      gender TEXT NOT NULL,
      college TEXT NOT NULL,
      department TEXT NOT NULL,
      year TEXT NOT NULL,
      club TEXT NOT NULL,
      motivation TEXT NOT NULL,
      terms INTEGER NOT NULL CHECK (terms = 1),
      created_at TEXT NOT NULL
    );

    CREATE TABLE IF NOT EXISTS accounts (
      id INTEGER PRIMARY KEY,
      enrollment TEXT NOT NULL UNIQUE COLLATE NOCASE,
      username TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT NOT NULL,
      college TEXT NOT NULL,
      branch TEXT NOT NULL,
      dob TEXT NOT NULL,
      gender TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      id_card_type TEXT NOT NULL,
      id_card BLOB NOT NULL,
      created_at TEXT NOT NULL
    );

    -- Only a SHA-256 hash of each session token is kept: a copy of the database signs nobody in.
    CREATE TABLE IF NOT EXISTS sessions (
      id INTEGER PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account_id);
    CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);

    CREATE TABLE IF NOT EXISTS teams (
      id INTEGER PRIMARY KEY,
      team_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      category TEXT NOT NULL CHECK (category IN ('coding', 'design', 'innovation', 'business')),
      description TEXT NOT NULL,
      created_at TEXT NOT NULL
    );

    -- A person (e-mail) is in at most one team.
    CREATE TABLE IF NOT EXISTS team_members (
      id INTEGER PRIMARY KEY,
      team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      phone TEXT NOT NULL,
      gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
      institution TEXT NOT NULL,
      skills TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('leader', 'member')),
      UNIQUE (team_id, position)
    );
  `,
  // When Firebase signs people in (docs/decisions/0007), it holds the name, e-mail and phone; the registration
  // form's other details and the ID card stay here, keyed by the Firebase user id (the upper-cased enrollment).
  2: `
    CREATE TABLE IF NOT EXISTS profiles (
      uid TEXT PRIMARY KEY,
      college TEXT NOT NULL,
      branch TEXT NOT NULL,
      dob TEXT NOT NULL,
      gender TEXT NOT NULL,
      id_card_type TEXT NOT NULL,
      id_card BLOB NOT NULL,
      saved_at TEXT NOT NULL
    );
  `,
  // The council inbox (issue 11, docs/decisions/0008): ideas and suggestions are kept; a member's triage decisions
  // and who made them; the council role of built-in accounts. Only new tables, each created if missing, and the
  // students' own rows are never updated: an entry without a triage_state row is new.
  3: `
    CREATE TABLE IF NOT EXISTS ideas (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      college TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      impact TEXT NOT NULL,
      created_at TEXT NOT NULL
    );

    CREATE TABLE IF NOT EXISTS suggestions (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      college TEXT NOT NULL,
      problem TEXT NOT NULL,
      solution TEXT NOT NULL,
      created_at TEXT NOT NULL
    );

    -- The status of every entry a member has handled (its primary key is the index a page looks up).
    CREATE TABLE IF NOT EXISTS triage_state (
      section TEXT NOT NULL CHECK (section IN ('applications', 'teams', 'ideas', 'suggestions')),
      entry_id INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('accepted', 'declined', 'seen', 'archived')),
      PRIMARY KEY (section, entry_id)
    ) WITHOUT ROWID;

    -- Who (a College ID) changed which entry to what, and when. Never updated or deleted by the site.
    CREATE TABLE IF NOT EXISTS triage_log (
      id INTEGER PRIMARY KEY,
      section TEXT NOT NULL CHECK (section IN ('applications', 'teams', 'ideas', 'suggestions')),
      entry_id INTEGER NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('accept', 'decline', 'seen', 'archive')),
      status TEXT NOT NULL,
      by_college_id TEXT NOT NULL,
      at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS triage_log_by_entry ON triage_log (section, entry_id);

    -- Accounts that hold the council role, granted and revoked only from the command line (npm run council).
    CREATE TABLE IF NOT EXISTS council_members (
      account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      granted_at TEXT NOT NULL
    );
  `,
};

/** The registration details the site keeps for an account whose identity lives with another provider. */
export interface ProfileDetails {
  college: string;
  branch: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
}

/**
 * The profiles table, for the Firebase identity adapter. Synchronous like better-sqlite3; a database fault throws
 * (the adapter turns it into `unavailable` and undoes what it did in Firebase).
 */
export interface ProfileStore {
  /** Saves the details of `uid`, replacing what an earlier, since deleted account of the same uid left. */
  saveProfile(uid: string, details: ProfileDetails & { idCard: { mediaType: string; bytes: Uint8Array } }): void;
  /** The details of `uid` (without the ID card), or undefined when the site holds none. */
  profileOf(uid: string): ProfileDetails | undefined;
}

export type BuiltInStore = CouncilBackend & { profiles: ProfileStore; inbox: CouncilInbox; close(): void };

const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** A refusal decided inside a transaction; throwing it rolls the transaction back. */
class Rejection extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function migrate(db: Database.Database) {
  // IMMEDIATE takes the write lock first, so two processes starting together don't both migrate.
  db.transaction(() => {
    const current = db.pragma("user_version", { simple: true }) as number;
    if (current > schemaVersion) {
      throw new Error(`The database is at schema version ${current}, newer than this site knows (${schemaVersion}).`);
    }
    for (let version = current + 1; version <= schemaVersion; version += 1) {
      db.exec(migrations[version] ?? "");
      db.pragma(`user_version = ${version}`);
    }
  }).immediate();
}

export function openBuiltInStore(databasePath: string): BuiltInStore {
  if (databasePath !== ":memory:") mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const db = new Database(databasePath);
  // Set first, so the pragmas below and the migration wait for another process's lock instead of failing.
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  migrate(db);

  const statements = {
    insertApplication: db.prepare(`
      INSERT INTO applications
        (name, email, phone, enrollment, dob, gender, college, department, year, club, motivation, terms, created_at)
      VALUES
        (@name, @email, @phone, @enrollment, @dob, @gender, @college, @department, @year, @club, @motivation, 1, @createdAt)
    `),
    insertAccount: db.prepare(`
      INSERT INTO accounts
        (enrollment, username, email, phone, college, branch, dob, gender, password_hash, id_card_type, id_card, created_at)
      VALUES
        (@enrollment, @username, @email, @phone, @college, @branch, @dob, @gender, @passwordHash, @idCardType, @idCard, @createdAt)
    `),
    accountByEnrollment: db.prepare<[string], { id: number; password_hash: string }>(
      "SELECT id, password_hash FROM accounts WHERE enrollment = ? COLLATE NOCASE",
    ),
    insertSession: db.prepare(
      "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
    ),
    deleteExpiredSessions: db.prepare("DELETE FROM sessions WHERE expires_at <= ?"),
    deleteSession: db.prepare("DELETE FROM sessions WHERE token_hash = ?"),
    userBySession: db.prepare<
      [string, number],
      {
        username: string;
        branch: string;
        college: string;
        email: string;
        phone: string;
        dob: string;
        gender: string;
        collegeId: string;
        councilMember: number;
      }
    >(`
      SELECT a.username, a.branch, a.college, a.email, a.phone, a.dob, a.gender, a.enrollment AS collegeId,
        EXISTS (SELECT 1 FROM council_members c WHERE c.account_id = a.id) AS councilMember
      FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = ? AND s.expires_at > ?
    `),
    insertIdea: db.prepare(`
      INSERT INTO ideas (name, enrollment, college, title, description, impact, created_at)
      VALUES (@name, @enrollment, @college, @title, @description, @impact, @createdAt)
    `),
    insertSuggestion: db.prepare(`
      INSERT INTO suggestions (name, enrollment, college, problem, solution, created_at)
      VALUES (@name, @enrollment, @college, @problem, @solution, @createdAt)
    `),
    memberByCollegeId: db.prepare<[string], { id: number; collegeId: string; name: string; grantedAt: string | null }>(`
      SELECT a.id, a.enrollment AS collegeId, a.username AS name, c.granted_at AS grantedAt
      FROM accounts a LEFT JOIN council_members c ON c.account_id = a.id
      WHERE a.enrollment = ? COLLATE NOCASE
    `),
    grantRole: db.prepare("INSERT OR IGNORE INTO council_members (account_id, granted_at) VALUES (?, ?)"),
    revokeRole: db.prepare("DELETE FROM council_members WHERE account_id = ?"),
    listMembers: db.prepare<[], CouncilMember>(`
      SELECT a.enrollment AS collegeId, a.username AS name, c.granted_at AS grantedAt
      FROM council_members c JOIN accounts a ON a.id = c.account_id
      ORDER BY c.granted_at, a.enrollment
    `),
    insertTeam: db.prepare("INSERT INTO teams (team_name, category, description, created_at) VALUES (?, ?, ?, ?)"),
    insertMember: db.prepare(`
      INSERT INTO team_members (team_id, position, name, email, phone, gender, institution, skills, role)
      VALUES (@teamId, @position, @name, @email, @phone, @gender, @institution, @skills, @role)
    `),
    listTeams: db.prepare<[], { id: number; team_name: string; category: string }>(
      "SELECT id, team_name, category FROM teams ORDER BY id",
    ),
    saveProfile: db.prepare(`
      INSERT OR REPLACE INTO profiles (uid, college, branch, dob, gender, id_card_type, id_card, saved_at)
      VALUES (@uid, @college, @branch, @dob, @gender, @idCardType, @idCard, @savedAt)
    `),
    profileOf: db.prepare<[string], ProfileDetails>("SELECT college, branch, dob, gender FROM profiles WHERE uid = ?"),
  };

  const saveTeam = db.transaction((team: TeamRegistration, createdAt: string) => {
    const teamName = team.teamName.trim();
    let teamId: number | bigint;
    try {
      teamId = statements.insertTeam.run(teamName, team.category, team.description, createdAt).lastInsertRowid;
    } catch (error) {
      if (isUniqueViolation(error)) throw new Rejection(`A team named "${teamName}" is already registered.`);
      throw error;
    }
    team.members.forEach((member, position) => {
      const email = member.email.trim();
      try {
        statements.insertMember.run({ ...member, email, teamId, position });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Rejection(`${email} is already a member of another team.`);
        throw error;
      }
    });
  });

  const startSession = db.transaction((tokenHash: string, accountId: number, now: number) => {
    // Old sessions are swept here rather than by a timer: logins are rare, and expired rows never sign anyone in.
    statements.deleteExpiredSessions.run(now);
    statements.insertSession.run(tokenHash, accountId, new Date(now).toISOString(), now + sessionLifetimeMs);
  });

  /** Grants or revokes the role in one transaction; an unknown College ID is refused by name. */
  const changeRole = db.transaction((collegeId: string, grant: boolean): CouncilRoleChange => {
    const account = statements.memberByCollegeId.get(collegeId.trim());
    if (!account) {
      throw new Rejection(
        `No account has the College ID "${collegeId.trim()}". The person must first register on the site (/userProfileRegistration).`,
      );
    }
    const grantedAt = new Date().toISOString();
    const changed = grant
      ? statements.grantRole.run(account.id, grantedAt).changes > 0
      : statements.revokeRole.run(account.id).changes > 0;
    const member: CouncilMember = { collegeId: account.collegeId, name: account.name };
    const since = grant ? (changed ? grantedAt : account.grantedAt) : null;
    if (since) member.grantedAt = since;
    return { member, changed };
  });

  // Checked against when the College ID is unknown, so a wrong ID costs the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;

  /** Keeps every method's promise resolving: a database fault becomes `unavailable`, logged without personal data. */
  async function guarded<T>(action: string, work: () => Promise<T> | T, unavailable: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Rejection) return { ok: false, reason: "rejected", message: error.message } as T;
      const detail =
        error instanceof Database.SqliteError
          ? `${error.code}: ${error.message}`
          : error instanceof Error
            ? error.message
            : "unknown error";
      console.error(`Built-in store: could not ${action} (${detail})`);
      return unavailable;
    }
  }
  const unavailable: Failure = { ok: false, reason: "unavailable" };

  /** One student's form as one row (one statement: its own transaction), stamped with when it arrived. */
  function saveEntry(action: string, insert: Database.Statement, entry: object) {
    return guarded<Outcome>(
      action,
      () => {
        insert.run({ ...entry, createdAt: new Date().toISOString() });
        return { ok: true };
      },
      unavailable,
    );
  }

  return {
    description: `built-in store (SQLite at ${databasePath})`,

    applyToCouncil(application: CouncilApplication) {
      return saveEntry("save a council application", statements.insertApplication, application);
    },

    registerAccount(registration: AccountRegistration) {
      return guarded<Outcome>(
        "register an account",
        async () => {
          const password = passwordFromDateOfBirth(registration.dob);
          if (!password) throw new Rejection("Date of birth must be a valid date.");
          const passwordHash = await hashPassword(password);
          try {
            statements.insertAccount.run({
              enrollment: registration.enrollment.trim(),
              username: registration.username,
              email: registration.email.trim(),
              phone: registration.phone,
              college: registration.college,
              branch: registration.branch,
              dob: registration.dob.trim(),
              gender: registration.gender,
              passwordHash,
              idCardType: registration.idCard.mediaType,
              idCard: Buffer.from(registration.idCard.bytes),
              createdAt: new Date().toISOString(),
            });
          } catch (error) {
            if (isUniqueViolation(error)) throw new Rejection("An account with this Enrollment Number already exists.");
            throw error;
          }
          return { ok: true };
        },
        unavailable,
      );
    },

    logIn(collegeId: string, password: string) {
      return guarded<Outcome<string>>(
        "log in",
        async () => {
          const account = statements.accountByEnrollment.get(collegeId.trim());
          const storedHash =
            account?.password_hash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString("hex"))));
          const passwordMatches = await verifyPassword(password, storedHash);
          // No message: the route shows the specified "Invalid College ID or Password." for both cases alike.
          if (!account || !passwordMatches) return { ok: false, reason: "rejected" };
          const token = randomBytes(32).toString("base64url");
          startSession(hashToken(token), account.id, Date.now());
          return { ok: true, value: token };
        },
        unavailable,
      );
    },

    whoIsSignedIn(token: string) {
      return guarded<SignedInState>(
        "look up a session",
        () => {
          if (!token) return { status: "signed-out" };
          const row = statements.userBySession.get(hashToken(token), Date.now());
          if (!row) return { status: "signed-out" };
          // The role is read with the session on every request: a revoke counts at the member's next page view.
          const { collegeId, councilMember, ...user } = row;
          return { status: "signed-in", user, collegeId, councilMember: councilMember === 1 };
        },
        { status: "unavailable" },
      );
    },

    logOut(token: string) {
      return guarded<Outcome>(
        "log out",
        () => {
          statements.deleteSession.run(hashToken(token));
          return { ok: true };
        },
        unavailable,
      );
    },

    registerTeam(team: TeamRegistration) {
      return guarded<Outcome<string | undefined>>(
        "register a team",
        () => {
          // The table's constraint would also catch this, but would blame "another team".
          const seen = new Set<string>();
          for (const member of team.members) {
            const email = member.email.trim();
            if (seen.has(email.toLowerCase())) throw new Rejection(`${email} is listed more than once in this team.`);
            seen.add(email.toLowerCase());
          }
          // IMMEDIATE: take the write lock before reading, so concurrent writers queue (busy_timeout) instead of
          // failing to upgrade a read lock.
          saveTeam.immediate(team, new Date().toISOString());
          return { ok: true, value: undefined };
        },
        unavailable,
      );
    },

    listTeams() {
      return guarded<Outcome<RegisteredTeam[]>>(
        "list teams",
        () => ({
          ok: true,
          value: statements.listTeams
            .all()
            .map((row) => ({ _id: String(row.id), teamName: row.team_name, category: row.category })),
        }),
        unavailable,
      );
    },

    profiles: {
      saveProfile(uid, details) {
        statements.saveProfile.run({
          uid,
          college: details.college,
          branch: details.branch,
          dob: details.dob,
          gender: details.gender,
          idCardType: details.idCard.mediaType,
          idCard: Buffer.from(details.idCard.bytes),
          savedAt: new Date().toISOString(),
        });
      },
      profileOf(uid) {
        return statements.profileOf.get(uid);
      },
    },

    grantCouncilRole(collegeId: string) {
      return guarded<Outcome<CouncilRoleChange>>(
        "grant the council role",
        () => ({ ok: true, value: changeRole.immediate(collegeId, true) }),
        unavailable,
      );
    },

    revokeCouncilRole(collegeId: string) {
      return guarded<Outcome<CouncilRoleChange>>(
        "revoke the council role",
        () => ({ ok: true, value: changeRole.immediate(collegeId, false) }),
        unavailable,
      );
    },

    listCouncilMembers() {
      return guarded<Outcome<CouncilMember[]>>(
        "list council members",
        () => ({ ok: true, value: statements.listMembers.all() }),
        unavailable,
      );
    },

    shareIdea(idea: IdeaSubmission) {
      return saveEntry("save an idea", statements.insertIdea, idea);
    },

    sendSuggestion(suggestion: Suggestion) {
      return saveEntry("save a suggestion", statements.insertSuggestion, suggestion);
    },

    inbox: createBuiltInInbox(db, guarded),

    close() {
      db.close();
    },
  };
}
