import { describe, expect, it } from "vitest";
import { clientAddress, readFormData, safeRedirectPath } from "~/server/request.server";

/** What a loader or action throws with data(..., { status }): React Router turns it into that status. */
async function thrownStatus(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const thrown = error as { init?: { status?: number }; data?: { message?: string } };
    return { status: thrown.init?.status ?? -1, message: thrown.data?.message ?? "" };
  }
  throw new Error("expected the promise to throw");
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/join", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("reading a submitted form", () => {
  it("reads an ordinary urlencoded form", async () => {
    const form = await readFormData(post(new URLSearchParams({ name: "Asha", "members[1].name": "Ravi" })));
    expect(form.get("name")).toBe("Asha");
    expect(form.get("members[1].name")).toBe("Ravi");
  });

  it("refuses a body announced as too large with 413, before reading it", async () => {
    const request = post("x=1", { "Content-Length": String(10 * 1024 * 1024), "Content-Type": "application/x-www-form-urlencoded" });
    expect(await thrownStatus(readFormData(request, 1024))).toMatchObject({ status: 413 });
  });

  it("refuses a body that grows past the limit while streaming, with 413", async () => {
    const chunk = new TextEncoder().encode(`a=${"x".repeat(1000)}&`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 100) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const result = await thrownStatus(readFormData(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }), 10_000));
    expect(result.status).toBe(413);
    expect(result.message).toMatch(/too large/);
    expect(sent).toBeLessThan(100);
  });

  it("refuses a list index no form has (it would make the form library build a huge array) with 400", async () => {
    const request = post(new URLSearchParams({ "members[999999999].name": "x" }));
    expect(await thrownStatus(readFormData(request))).toMatchObject({ status: 400, message: "The form could not be read. Please try again." });
  });

  it("refuses a body that is not a form with 400", async () => {
    const request = post("not multipart", { "Content-Type": "multipart/form-data; boundary=nothing" });
    expect((await thrownStatus(readFormData(request))).status).toBe(400);
  });
});

describe("redirect targets", () => {
  it.each(["/", "/userProfile", "/sih/registration?x=1"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "evil", "/x\nSet-Cookie:", null, 42])(
    "refuses %j and goes home instead",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/");
    },
  );
});

describe("the client's address", () => {
  it("is what server.js put in X-Client-Address, or one shared bucket without it", () => {
    expect(clientAddress(new Request("http://localhost/", { headers: { "X-Client-Address": "203.0.113.7" } }))).toBe("203.0.113.7");
    expect(clientAddress(new Request("http://localhost/"))).toBe("unknown");
  });
});

