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
});
