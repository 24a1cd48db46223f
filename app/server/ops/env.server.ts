import { z } from "zod";
import { defaultMailCaps } from "../backend/built-in/mail-caps.server";
import { firebaseProjectId, firebaseSettings } from "./firebase-settings.server";
import { mailSettings } from "./mail-settings.server";

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "must be an http(s) URL")
  // Stored without a trailing slash, so "/auth/login" and the other paths can be appended as they are.
  .transform((value) => value.replace(/\/+$/, ""));

/** An empty variable (`COUNCIL_API_URL=` in an env file) means unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * A PostgreSQL connection URL. It holds a password: no message repeats the value, only what is wrong with it.
 */
const postgresUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^postgres(ql)?:\/\//i.test(value)) {
      ctx.addIssue({ code: "custom", message: "must start with postgres:// or postgresql://" });
      return;
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "is not a valid URL (a password with special characters must be %-encoded)",
      });
      return;
    }
    if (!url.hostname)
      ctx.addIssue({ code: "custom", message: "must name a host, as in postgres://user:password@host:5432/database" });
    if (url.pathname.length <= 1) {
      ctx.addIssue({
        code: "custom",
        message: "must name a database, as in postgres://user:password@host:5432/database",
      });
    }
  });

/** smtp:// or smtps:// with a host; the message never repeats the value (it holds a password). */
const smtpUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^smtps?:\/\//i.test(value)) {
      ctx.addIssue({ code: "custom", message: "must start with smtp:// or smtps://" });
      return;
    }
    if (!URL.canParse(value) || !new URL(value).hostname) {
      ctx.addIssue({
        code: "custom",
        message: "must be a URL with a host, as in smtp://user:password@host:587 (%-encode special characters)",
      });
    }
  });

/** "address@domain" or "Name <address@domain>". */
const mailbox = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

/** The placeholder in .env.example, refused in production. */
const exampleSessionSecret = "replace-with-at-least-32-random-characters";

/** A service account's JSON key; only its shape is checked here, firebase-admin reads it at start. */
const serviceAccountJson = z.string().transform((text, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const key = z
    .object({ client_email: z.string().min(1), private_key: z.string().min(1) })
    .loose()
    .safeParse(parsed);
  if (!key.success) {
    // The variable holds a private key: the message never repeats its content.
    ctx.addIssue({
      code: "custom",
      message: "must be a service account's JSON key (with client_email and private_key)",
    });
    return z.NEVER;
  }
  return key.data;
});

// Read and checked once at start: a missing or malformed variable stops the server with a clear message
// rather than failing on some later request.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Comma-separated: the first signs new cookies, the rest are still accepted (rotation). */
    SESSION_SECRET: z.string().optional(),
    /** The council API ({api}: login, applications, teams). Unset: the built-in store answers every form. */
    COUNCIL_API_URL: optional(httpUrl),
    /** The base of /auth/me and /auth/logout ({host}); defaults to COUNCIL_API_URL. */
    COUNCIL_AUTH_URL: optional(httpUrl),
    /** How long one call to the council API may take before the visitor is told it failed. */
    COUNCIL_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** The built-in store's SQLite file, created with its schema on first start (when DATABASE_URL is unset). */
    DATABASE_PATH: z.string().min(1).default("./data-store/council.sqlite"),
    /** PostgreSQL for the built-in store, shared by every replica: postgres://user:password@host:5432/database. */
    DATABASE_URL: optional(postgresUrl),
    /** Connections each process opens to PostgreSQL at most. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /** How long one statement may run on PostgreSQL before it is cancelled and the visitor is told the store failed. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /**
     * The folder of the site's content (site, clubs, people, events, gallery as JSON), read once at start; relative
     * paths count from the working directory. Tests point it at a copy whose registration windows they control.
     */
    CONTENT_DIR: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().min(1).default("data")),
    /** Days an ID card image is kept after it was sent; then it is deleted (the account stays). */
    ID_CARD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Days a declined or archived inbox entry is kept after it arrived; then it is deleted. */
    SUBMISSION_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
    /** Signs backups (HMAC-SHA256), so a restore with the same key refuses a changed archive. Unset: unsigned. */
    BACKUP_KEY: optional(z.string().min(32, "needs at least 32 characters")),
    /** Redis for rate-limit counters shared by every replica. Unset: each process counts in its own memory. */
    REDIS_URL: optional(
      z
        .string()
        .trim()
        .refine((value) => /^rediss?:\/\//i.test(value) && URL.canParse(value), "must be a redis:// or rediss:// URL"),
    ),

    // Firebase Authentication signs people in only with both an API key and an auth domain; with neither, sign-in
    // stays with the council API or the built-in store.
    FIREBASE_API_KEY: optional(z.string().trim().min(1)),
    FIREBASE_AUTH_DOMAIN: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(
          /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
          "must be a host name such as my-council.firebaseapp.com",
        ),
    ),
    /** Default: the first label of FIREBASE_AUTH_DOMAIN (my-council.firebaseapp.com → my-council). */
    FIREBASE_PROJECT_ID: optional(
      z.string().trim().regex(firebaseProjectId, "must be a Firebase project ID such as my-council"),
    ),
    /** firebase-admin's credentials in production: a service account's JSON key, inline ... */
    FIREBASE_SERVICE_ACCOUNT: optional(serviceAccountJson),
    /** ... or the path of its key file (Google's Application Default Credentials). */
    GOOGLE_APPLICATION_CREDENTIALS: optional(z.string().trim().min(1)),
    /** host:port of the Firebase Auth emulator (development and tests); then no credentials are needed. */
    FIREBASE_AUTH_EMULATOR_HOST: optional(
      z
        .string()
        .trim()
        .regex(/^(\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, "must be host:port, e.g. 127.0.0.1:9099"),
    ),
    /**
     * How long the Firebase calls of one login, registration, profile or logout may take together; below 8 s so
     * the visitor hears 'Unable to connect to the server. Try again later.' within 8 s.
     */
    FIREBASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(7_000).default(6_000),

    /** Where e-mail goes: smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465. Holds a password. */
    SMTP_URL: optional(smtpUrl),
    /** The sender of every e-mail: an address, or "Name <address>". Required with SMTP_URL. */
    MAIL_FROM: optional(z.string().trim().regex(mailbox, 'must be an address, or "Name <address>"')),
    /**
     * The site's public base address (https://council.example.org): every link in an e-mail is built from it, never
     * from a request's Host. Required with SMTP_URL.
     */
    SITE_URL: optional(httpUrl),
    /** Days a sent e-mail's text is kept (the record that it was sent stays). */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * The e-mails one client address may cause in an hour (receipts, links, notices): raise it for a campus behind one
     * address; a message over it is not sent (docs/email.md).
     */
    MAIL_CAP_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(defaultMailCaps.perClient),
    /** The e-mails visitors may cause across the site in an hour, whoever they are. */
    MAIL_CAP_SITE: z.coerce.number().int().min(1).max(1_000_000).default(defaultMailCaps.site),
  })
  .transform((env, ctx) => {
    const secrets = (env.SESSION_SECRET ?? "")
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean);
    if (env.NODE_ENV === "production" && secrets.length === 0) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
      return z.NEVER;
    }
    if (env.NODE_ENV === "production" && secrets.some((secret) => secret.length < 32)) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret needs at least 32 characters" });
      return z.NEVER;
    }
    // Copying .env.example as it is must not put a published secret in production.
    if (env.NODE_ENV === "production" && secrets.includes(exampleSessionSecret)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is still the placeholder from .env.example; generate a random one",
      });
      return z.NEVER;
    }
    const firebase = firebaseSettings(env, ctx);
    if (firebase === "invalid") return z.NEVER;
    const mail = mailSettings(env, ctx);
    if (mail === "invalid") return z.NEVER;
    // Outside production a fixed development secret keeps a fresh checkout working; it never signs a real cookie.
    return {
      ...env,
      isProduction: env.NODE_ENV === "production",
      councilAuthUrl: env.COUNCIL_AUTH_URL ?? env.COUNCIL_API_URL,
      sessionSecrets: secrets.length > 0 ? secrets : ["development-only-secret-not-for-production"],
      firebase,
      mail,
      mailCaps: { perClient: env.MAIL_CAP_PER_CLIENT, site: env.MAIL_CAP_SITE },
      retention: {
        idCardDays: env.ID_CARD_RETENTION_DAYS,
        submissionDays: env.SUBMISSION_RETENTION_DAYS,
        mailDays: env.MAIL_RETENTION_DAYS,
      },
      store: env.DATABASE_URL
        ? ({
            engine: "postgres",
            url: env.DATABASE_URL,
            poolMax: env.DATABASE_POOL_MAX,
            statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          } as const)
        : ({ engine: "sqlite", path: env.DATABASE_PATH } as const),
    };
  });

type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}. See .env.example.`);
  }
  return result.data;
}

export const env = parseEnv(process.env);
