import { z } from "zod";

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "must be an http(s) URL")
  // Stored without a trailing slash, so "/auth/login" can be appended as section 7 writes it.
  .transform((value) => value.replace(/\/+$/, ""));

/** An empty variable (`COUNCIL_API_URL=` in an env file) means unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

// Read and checked once at start: a missing or malformed variable stops the server with a clear message
// rather than failing on some later request.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Comma-separated: the first signs new cookies, the rest are still accepted (rotation). */
    SESSION_SECRET: z.string().optional(),
    /** The council API (section 7's {api}). Unset: the built-in store answers every form. */
    COUNCIL_API_URL: optional(httpUrl),
    /** The base of /auth/me and /auth/logout (section 7's {host}); defaults to COUNCIL_API_URL. */
    COUNCIL_AUTH_URL: optional(httpUrl),
    /** How long one call to the council API may take before the visitor is told it failed. */
    COUNCIL_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** The built-in store's SQLite file, created with its schema on first start. */
    DATABASE_PATH: z.string().min(1).default("./data-store/council.sqlite"),
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
    if (secrets.some((secret) => secret.length < 32) && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret needs at least 32 characters" });
      return z.NEVER;
    }
    // Outside production a fixed development secret keeps a fresh checkout working; it never signs a real cookie.
    return {
      ...env,
      isProduction: env.NODE_ENV === "production",
      councilAuthUrl: env.COUNCIL_AUTH_URL ?? env.COUNCIL_API_URL,
      sessionSecrets: secrets.length > 0 ? secrets : ["development-only-secret-not-for-production"],
    };
  });

export type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}. See .env.example.`);
  }
  return result.data;
}

export const env = parseEnv(process.env);
