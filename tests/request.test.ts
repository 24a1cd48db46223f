import { describe, expect, it } from "vitest";
import { clientAddress, readFormData, safeRedirectPath } from "~/server/requests/request.server";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/join", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("reading a submitted form", () => {
  it("reads an ordinary urlencoded form", async () => {
    const reading = await readFormData(post(new URLSearchParams({ name: "Asha", "members[1].name": "Ravi" })), 1024);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.formData.get("name")).toBe("Asha");
    expect(reading.formData.get("members[1].name")).toBe("Ravi");
  });

  it("refuses a body announced as too large with 413, before reading it", async () => {
    const request = post("x=1", {
      "Content-Length": String(10 * 1024 * 1024),
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(await readFormData(request, 1024)).toEqual({ ok: false, status: 413 });
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses a body that grows past the limit while streaming, with 413, and reads no further", async () => {
    const chunk = new TextEncoder().encode(`a=${"x".repeat(1000)}&`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 100) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const reading = await readFormData(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }), 10_000);
    expect(reading).toEqual({ ok: false, status: 413 });
    expect(sent).toBeLessThan(100);
  });

  it("refuses a body that is not a form with 400", async () => {
    const request = post("not multipart", { "Content-Type": "multipart/form-data; boundary=nothing" });
    expect(await readFormData(request, 1024)).toEqual({ ok: false, status: 400 });
  });
});

describe("redirect targets", () => {
  it.each(["/", "/userProfile", "/sih/registration?x=1"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "evil",
    "/x\nSet-Cookie:",
    null,
    42,
  ])("refuses %j and goes home instead", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });
});

describe("the client's address", () => {
  it("is what server.js put in X-Client-Address, or unknown (no per-client count) without it", () => {
    expect(clientAddress(new Request("http://localhost/", { headers: { "X-Client-Address": "203.0.113.7" } }))).toBe(
      "203.0.113.7",
    );
    expect(clientAddress(new Request("http://localhost/"))).toBeUndefined();
  });
});
