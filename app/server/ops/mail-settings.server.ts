import type { z } from "zod";

/**
 * The e-mail part of the environment: SMTP_URL with SITE_URL and MAIL_FROM, or, outside production, the log in its
 * place (docs/decisions/0016).
 */

/**
 * How the site sends e-mail (docs/decisions/0016). `smtp`: through the SMTP server. `log`: outside production without
 * SMTP_URL, every e-mail is written to the log with its links instead (and listed at /dev/outbox), so a newcomer sees
 * the whole flow. Undefined: e-mail is off (production without SMTP_URL); nothing is queued.
 */
export interface MailSettings {
  delivery: { kind: "smtp"; url: string; host: string; port: number; secure: boolean } | { kind: "log" };
  /** The From header. */
  from: string;
  /** The base of every link in an e-mail, without a trailing slash. */
  siteUrl: string;
  /** The domain of the Message-IDs (SITE_URL's host). */
  messageIdDomain: string;
}

/** Why e-mail is off, for the start-up log; undefined when it is on. */
export function mailOffReason(source: { SMTP_URL?: string; NODE_ENV?: string }): string | undefined {
  return source.SMTP_URL ? undefined : "SMTP_URL is not set";
}

export function mailSettings(
  env: { NODE_ENV: string; SMTP_URL?: string; MAIL_FROM?: string; SITE_URL?: string },
  ctx: z.RefinementCtx,
): MailSettings | undefined | "invalid" {
  if (env.SMTP_URL) {
    const missing = (["SITE_URL", "MAIL_FROM"] as const).filter((name) => !env[name]);
    for (const name of missing) {
      ctx.addIssue({ code: "custom", path: [name], message: "is required when SMTP_URL is set" });
    }
    if (missing.length > 0) return "invalid";
    const siteUrl = env.SITE_URL!;
    // Links in students' e-mails travel in the clear otherwise; a site on this machine only (tests, a trial run) may
    // use http.
    const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(siteUrl).hostname);
    if (env.NODE_ENV === "production" && !siteUrl.startsWith("https://") && !local) {
      ctx.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "must be an https:// address in production (http only for localhost)",
      });
      return "invalid";
    }
    const url = new URL(env.SMTP_URL);
    const secure = url.protocol === "smtps:";
    return {
      delivery: {
        kind: "smtp",
        url: env.SMTP_URL,
        host: url.hostname,
        port: Number(url.port) || (secure ? 465 : 587),
        secure,
      },
      from: env.MAIL_FROM!,
      siteUrl,
      messageIdDomain: new URL(siteUrl).hostname,
    };
  }
  if (env.NODE_ENV === "production") return undefined;
  const siteUrl = env.SITE_URL ?? "http://localhost:5173";
  return {
    delivery: { kind: "log" },
    from: env.MAIL_FROM ?? "Student Council <council@localhost>",
    siteUrl,
    messageIdDomain: new URL(siteUrl).hostname,
  };
}
