import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logLevel } from "../server/log.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("the logger", () => {
  it("takes LOG_LEVEL's level names, info when unset, and refuses anything else with a message naming them", () => {
    expect(logLevel(undefined)).toBe(process.env.NODE_ENV === "test" ? "silent" : "info");
    expect(logLevel("WARN")).toBe("warn");
    expect(logLevel("silent")).toBe("silent");
    expect(() => logLevel("loud")).toThrow(
      "Invalid environment: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.",
    );
  });

  it("blanks cookies, credentials, passwords and form bodies in whatever object it is handed", async () => {
    const { lines, logger } = capture();
    logger.info(
      {
        headers: { cookie: "__session=abc123", authorization: "Bearer secret-token", accept: "text/html" },
        req: { headers: { cookie: "toast=xyz789" } },
        account: { password: "09032004" },
        formData: { name: "Asha Verma" },
        body: "email=asha%40example.org",
      },
      "a module passed too much",
    );
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(lines);
    for (const secret of ["abc123", "secret-token", "xyz789", "09032004", "Asha", "asha%40example.org"])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "a module passed too much",
      headers: { accept: "text/html", cookie: "[redacted]" },
    });
  });
});
