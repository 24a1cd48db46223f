import { z } from "zod";

// Read and checked once at start: a missing or malformed variable stops the server with a clear message
// rather than failing on some later request.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Comma-separated: the first signs new cookies, the rest are still accepted (rotation). */
    SESSION_SECRET: z.string().optional(),
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
