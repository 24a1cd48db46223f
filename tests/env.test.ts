import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";

const secret = (letter: string) => letter.repeat(32);

describe("environment", () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
  });

  it("refuses a production secret shorter than 32 characters", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "too-short" })).toThrow(/at least 32 characters/);
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
    expect(parseEnv({ COUNCIL_API_URL: "https://api.example", COUNCIL_AUTH_URL: "https://auth.example" }).councilAuthUrl).toBe(
      "https://auth.example",
    );
  });

  it("refuses a council API address that is not http(s)", () => {
    expect(() => parseEnv({ COUNCIL_API_URL: "ftp://api.example" })).toThrow(/COUNCIL_API_URL must be an http\(s\) URL/);
    expect(() => parseEnv({ COUNCIL_API_URL: "not a url" })).toThrow(/COUNCIL_API_URL/);
  });

  it("keeps the council API timeout within sane bounds (8 s by default)", () => {
    expect(parseEnv({}).COUNCIL_API_TIMEOUT_MS).toBe(8000);
    expect(parseEnv({ COUNCIL_API_TIMEOUT_MS: "2500" }).COUNCIL_API_TIMEOUT_MS).toBe(2500);
    expect(() => parseEnv({ COUNCIL_API_TIMEOUT_MS: "0" })).toThrow(/COUNCIL_API_TIMEOUT_MS/);
  });
});
