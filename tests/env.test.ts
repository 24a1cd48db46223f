import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/ops/env.server";

const secret = (letter: string) => letter.repeat(32);

describe("environment", () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
  });

  it("refuses a production secret shorter than 32 characters", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "too-short" })).toThrow(/at least 32 characters/);
  });

  it("refuses in production the SESSION_SECRET that .env.example ships, naming the variable", () => {
    const example = /^SESSION_SECRET=(.*)$/m.exec(readFileSync(".env.example", "utf8"))?.[1];
    expect(example).toBeDefined();
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: example })).toThrow(
      /SESSION_SECRET is still the placeholder/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${secret("a")},${example}` })).toThrow(
      /SESSION_SECRET/,
    );
    // Outside production a copied .env.example keeps working.
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRET: example }).sessionSecrets).toEqual([example]);
  });

  it("the caps on what visitors make the site send: 30 an hour per client and 500 for the site, or what is set", () => {
    expect(parseEnv({}).mailCaps).toEqual({ perClient: 30, site: 500 });
    expect(parseEnv({ MAIL_CAP_PER_CLIENT: "120", MAIL_CAP_SITE: "2000" }).mailCaps).toEqual({
      perClient: 120,
      site: 2000,
    });
    expect(() => parseEnv({ MAIL_CAP_PER_CLIENT: "0" })).toThrow(/MAIL_CAP_PER_CLIENT/);
    expect(() => parseEnv({ MAIL_CAP_SITE: "lots" })).toThrow(/MAIL_CAP_SITE/);
  });

  it("e-mail: SMTP_URL needs SITE_URL and MAIL_FROM; no message repeats the password; https in production but on localhost", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };
    const smtp = "smtp://council:Pa55-w0rd@mail.example.org:587";
    expect(() => parseEnv({ ...production, SMTP_URL: smtp })).toThrow(
      /SITE_URL is required when SMTP_URL is set; MAIL_FROM is required when SMTP_URL is set/,
    );
    expect(() => parseEnv({ ...production, SMTP_URL: smtp })).not.toThrow(/Pa55-w0rd/);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.org" })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => parseEnv({ MAIL_FROM: "Council council@example" })).toThrow(/MAIL_FROM must be an address/);
    const mail = { SMTP_URL: smtp, MAIL_FROM: "Student Council <council@example.org>" };
    expect(() => parseEnv({ ...production, ...mail, SITE_URL: "http://council.example.org" })).toThrow(
      /SITE_URL must be an https:\/\/ address in production \(http only for localhost\)/,
    );
    expect(parseEnv({ ...production, ...mail, SITE_URL: "http://127.0.0.1:5205" }).mail?.siteUrl).toBe(
      "http://127.0.0.1:5205",
    );
    expect(parseEnv({ ...production, ...mail, SITE_URL: "https://council.example.org/" }).mail).toEqual({
      delivery: { kind: "smtp", url: smtp, host: "mail.example.org", port: 587, secure: false },
      from: "Student Council <council@example.org>",
      siteUrl: "https://council.example.org",
      messageIdDomain: "council.example.org",
    });
    expect(
      parseEnv({ ...mail, SMTP_URL: "smtps://mail.example.org", SITE_URL: "https://c.example.org" }).mail?.delivery,
    ).toEqual({
      kind: "smtp",
      url: "smtps://mail.example.org",
      host: "mail.example.org",
      port: 465,
      secure: true,
    });
  });

  it("without SMTP_URL: e-mail is off in production, and written to the log elsewhere with links to the dev server", () => {
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }).mail).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development" }).mail).toMatchObject({
      delivery: { kind: "log" },
      siteUrl: "http://localhost:5173",
    });
  });

  it("takes REDIS_URL only as a redis:// or rediss:// URL; unset or empty keeps limits in memory", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379/0" }).REDIS_URL).toBe("redis://127.0.0.1:6379/0");
    expect(() => parseEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL must be a redis/);
  });

  it("chooses the store: SQLite at DATABASE_PATH by default, PostgreSQL with DATABASE_URL, with a pool and a timeout", () => {
    expect(parseEnv({}).store).toEqual({ engine: "sqlite", path: "./data-store/council.sqlite" });
    expect(parseEnv({ DATABASE_URL: "", DATABASE_PATH: "/var/lib/council.sqlite" }).store).toEqual({
      engine: "sqlite",
      path: "/var/lib/council.sqlite",
    });
    expect(parseEnv({ DATABASE_URL: "postgres://council:s3cret@db.internal:5432/council" }).store).toEqual({
      engine: "postgres",
      url: "postgres://council:s3cret@db.internal:5432/council",
      poolMax: 10,
      statementTimeoutMs: 5_000,
    });
    expect(
      parseEnv({
        DATABASE_URL: "postgresql://db/council",
        DATABASE_POOL_MAX: "4",
        DATABASE_STATEMENT_TIMEOUT_MS: "2000",
      }).store,
    ).toMatchObject({ engine: "postgres", poolMax: 4, statementTimeoutMs: 2_000 });
  });

  it.each([
    ["mysql://council:s3cret@db/council", "DATABASE_URL must start with postgres:// or postgresql://"],
    ["postgres://council:s3cret@db.internal:5432", "DATABASE_URL must name a database"],
    ["postgres://council:s3cret@:5432/council", "DATABASE_URL"],
    ["postgres://council:s3cret@db:99999/council", "DATABASE_URL is not a valid URL"],
  ])("refuses DATABASE_URL=%s with a line naming the problem, never the password", (url, problem) => {
    let message = "";
    try {
      parseEnv({ DATABASE_URL: url });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(problem);
    expect(message).not.toContain("s3cret");
  });

  it("keeps ID cards 90 days and declined or archived entries 730 by default, and refuses retention out of range", () => {
    expect(parseEnv({}).retention).toEqual({ idCardDays: 90, submissionDays: 730, mailDays: 30 });
    expect(
      parseEnv({ ID_CARD_RETENTION_DAYS: "30", SUBMISSION_RETENTION_DAYS: "365", MAIL_RETENTION_DAYS: "7" }).retention,
    ).toEqual({ idCardDays: 30, submissionDays: 365, mailDays: 7 });
    expect(() => parseEnv({ ID_CARD_RETENTION_DAYS: "0" })).toThrow(/ID_CARD_RETENTION_DAYS/);
    expect(() => parseEnv({ SUBMISSION_RETENTION_DAYS: "7" })).toThrow(/SUBMISSION_RETENTION_DAYS/);
  });

  it("refuses a pool size or statement timeout out of range", () => {
    expect(() => parseEnv({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "10" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it("accepts a rotation list: the first secret signs, the others are still accepted", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${secret("a")}, ${secret("b")}` });
    expect(env.isProduction).toBe(true);
    expect(env.sessionSecrets).toEqual([secret("a"), secret("b")]);
  });

  it("starts a fresh checkout in development without any variable", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.isProduction).toBe(false);
    expect(env.sessionSecrets).toHaveLength(1);
  });

  it("refuses an unknown NODE_ENV", () => {
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrow(/Invalid environment/);
  });

  it("uses the built-in store when no council API is set, or when the variable is empty", () => {
    expect(parseEnv({}).COUNCIL_API_URL).toBeUndefined();
    expect(parseEnv({ COUNCIL_API_URL: "" }).COUNCIL_API_URL).toBeUndefined();
    expect(parseEnv({}).DATABASE_PATH).toBe("./data-store/council.sqlite");
  });

  it("takes the council API's address without a trailing slash, and the auth address from it by default", () => {
    const env = parseEnv({ COUNCIL_API_URL: "https://api.council.example/v1/" });
    expect(env.COUNCIL_API_URL).toBe("https://api.council.example/v1");
    expect(env.councilAuthUrl).toBe("https://api.council.example/v1");
    expect(
      parseEnv({ COUNCIL_API_URL: "https://api.example", COUNCIL_AUTH_URL: "https://auth.example" }).councilAuthUrl,
    ).toBe("https://auth.example");
  });

  it("refuses a council API address that is not http(s)", () => {
    expect(() => parseEnv({ COUNCIL_API_URL: "ftp://api.example" })).toThrow(
      /COUNCIL_API_URL must be an http\(s\) URL/,
    );
    expect(() => parseEnv({ COUNCIL_API_URL: "not a url" })).toThrow(/COUNCIL_API_URL/);
  });

  it("keeps the council API timeout within sane bounds (8 s by default)", () => {
    expect(parseEnv({}).COUNCIL_API_TIMEOUT_MS).toBe(8000);
    expect(parseEnv({ COUNCIL_API_TIMEOUT_MS: "2500" }).COUNCIL_API_TIMEOUT_MS).toBe(2500);
    expect(() => parseEnv({ COUNCIL_API_TIMEOUT_MS: "0" })).toThrow(/COUNCIL_API_TIMEOUT_MS/);
  });

  describe("Firebase sign-in", () => {
    const firebase = { FIREBASE_API_KEY: "AIza-test-key", FIREBASE_AUTH_DOMAIN: "my-council.firebaseapp.com" };
    const serviceAccount = JSON.stringify({
      type: "service_account",
      project_id: "my-council",
      client_email: "site@my-council.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nsecret-key-material\n-----END PRIVATE KEY-----\n",
    });

    it("is off with neither variable, or with both empty", () => {
      expect(parseEnv({}).firebase).toBeUndefined();
      expect(parseEnv({ FIREBASE_API_KEY: "", FIREBASE_AUTH_DOMAIN: "" }).firebase).toBeUndefined();
    });

    it("refuses an API key without an auth domain, naming FIREBASE_AUTH_DOMAIN", () => {
      expect(() => parseEnv({ FIREBASE_API_KEY: "AIza-test-key" })).toThrow(
        /FIREBASE_AUTH_DOMAIN is required when FIREBASE_API_KEY is set/,
      );
    });

    it("refuses an auth domain without an API key, naming FIREBASE_API_KEY", () => {
      expect(() => parseEnv({ FIREBASE_AUTH_DOMAIN: "my-council.firebaseapp.com", FIREBASE_API_KEY: "" })).toThrow(
        /FIREBASE_API_KEY is required when FIREBASE_AUTH_DOMAIN is set/,
      );
    });

    it("takes the project ID from the auth domain's first label unless FIREBASE_PROJECT_ID says otherwise", () => {
      expect(parseEnv(firebase).firebase).toMatchObject({
        apiKey: "AIza-test-key",
        authDomain: "my-council.firebaseapp.com",
        projectId: "my-council",
        timeoutMs: 6000,
      });
      expect(parseEnv({ ...firebase, FIREBASE_PROJECT_ID: "council-prod" }).firebase?.projectId).toBe("council-prod");
      expect(() => parseEnv({ ...firebase, FIREBASE_AUTH_DOMAIN: "auth.example.org" })).toThrow(
        /FIREBASE_PROJECT_ID is required: the auth domain's first label \(auth\) is not a Firebase project ID/,
      );
    });

    it("refuses an auth domain that is a URL rather than a host name", () => {
      expect(() => parseEnv({ ...firebase, FIREBASE_AUTH_DOMAIN: "https://my-council.firebaseapp.com" })).toThrow(
        /FIREBASE_AUTH_DOMAIN must be a host name/,
      );
    });

    it("needs credentials in production, unless the Auth emulator is used", () => {
      const production = { NODE_ENV: "production", SESSION_SECRET: secret("a"), ...firebase };
      expect(() => parseEnv(production)).toThrow(
        /FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS is required in production/,
      );
      expect(
        parseEnv({ ...production, GOOGLE_APPLICATION_CREDENTIALS: "/run/secrets/firebase.json" }).firebase,
      ).toMatchObject({
        credentials: { keyFile: "/run/secrets/firebase.json" },
      });
      expect(parseEnv({ ...production, FIREBASE_SERVICE_ACCOUNT: serviceAccount }).firebase?.credentials).toMatchObject(
        {
          serviceAccount: { client_email: "site@my-council.iam.gserviceaccount.com" },
        },
      );
      expect(parseEnv({ ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).firebase).toMatchObject({
        emulatorHost: "127.0.0.1:9099",
        credentials: undefined,
      });
      // Outside production Google's default credentials (gcloud, a metadata server) may be used.
      expect(parseEnv(firebase).firebase?.credentials).toBeUndefined();
    });

    it("refuses a FIREBASE_SERVICE_ACCOUNT that is not a JSON key, without repeating its content", () => {
      for (const value of ["{not json", JSON.stringify({ client_email: "x@y" }), "secret-key-material"]) {
        const attempt = () => parseEnv({ ...firebase, FIREBASE_SERVICE_ACCOUNT: value });
        expect(attempt).toThrow(/FIREBASE_SERVICE_ACCOUNT must be a service account's JSON key/);
        expect(attempt).not.toThrow(/secret-key-material/);
      }
    });

    it("checks the emulator address and keeps the timeout under the 8 seconds a visitor waits at most", () => {
      expect(() => parseEnv({ ...firebase, FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" })).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST must be host:port/,
      );
      expect(parseEnv({ ...firebase, FIREBASE_TIMEOUT_MS: "2500" }).firebase?.timeoutMs).toBe(2500);
      expect(() => parseEnv({ ...firebase, FIREBASE_TIMEOUT_MS: "8000" })).toThrow(/FIREBASE_TIMEOUT_MS/);
    });
  });
});
