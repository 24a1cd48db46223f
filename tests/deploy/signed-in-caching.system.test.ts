import { beforeAll, describe, expect, it } from "vitest";
import { logInOnTheWire, registerOnTheWire, useProductionServer } from "../support/production-server";

/**
 * What a cache in front of the production server (a proxy's micro-cache, a CDN) may keep, on the wire: every answer
 * rendered for a signed-in student is private (form pages, the not-found page, client navigations' data), "Download
 * my data" has no `.data` twin, public pages stay public for everyone else, and the page cache never keeps a
 * signed-in student's page. Needs `npm run build`.
 */

const server = useProductionServer("council-signed-in-caching-", { TRUST_PROXY: undefined });

const student = { enrollment: "0187CS297001", username: "Ishaan Verma", email: "ishaan.verma@example.org" };
const studentDob = "2004-03-09";
let cookie = "";

beforeAll(async () => {
  await registerOnTheWire(server.url, student);
  cookie = await logInOnTheWire(server.url, student.enrollment, "09032004");
}, 30_000);

const visit = (path: string, signedIn: boolean) =>
  fetch(`${server.url}${path}`, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });

describe("a signed-in student's answers", () => {
  it.each(["/join", "/login", "/nope-404", "/join.data", "/userProfile/data.data"])(
    "%s is private and kept by nobody",
    async (path) => {
      const response = await visit(path, true);
      const body = await response.text();
      // The header greets the student by name: the proof that this answer was rendered for them.
      expect(body, "rendered for the student").toContain("Ishaan");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("vary")?.toLowerCase()).toContain("cookie");
    },
  );

  it("the download's .data twin answers 404 with none of the export, signed in or not, while the download works", async () => {
    for (const path of ["/userProfile/data.data", "/userProfile/data/_.data"]) {
      for (const signedIn of [true, false]) {
        const twin = await visit(path, signedIn);
        expect(twin.status, `${path}, signed in: ${signedIn}`).toBe(404);
        const body = await twin.text();
        for (const detail of [student.email, studentDob, student.enrollment]) expect(body).not.toContain(detail);
      }
    }

    const download = await visit("/userProfile/data", true);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-0187CS297001\.json"/);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(await download.text()).toContain(student.email);
  });

  it("the page cache never keeps a signed-in student's page: the next visitor gets a fresh public render", async () => {
    const signedIn = await visit("/mentors", true);
    expect(signedIn.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(await signedIn.text()).toContain("Ishaan");

    const anonymous = await visit("/mentors", false);
    expect(anonymous.headers.get("x-page-cache"), "rendered for this visitor, not taken from the cache").toBe("miss");
    expect(await anonymous.text()).not.toContain("Ishaan");
  });
});

describe("a visitor who is not signed in", () => {
  it("keeps the public caching of public pages: /clubs is public and served from the page cache", async () => {
    const first = await visit("/clubs", false);
    await first.arrayBuffer();
    const second = await visit("/clubs", false);
    expect(second.status).toBe(200);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(second.headers.get("x-page-cache")).toBe("hit");
  });

  it("gets form pages that a cache in front keeps apart from a signed-in student's", async () => {
    const join = await visit("/join", false);
    expect(join.headers.get("cache-control") ?? "").not.toContain("private");
    expect(join.headers.get("vary")?.toLowerCase()).toContain("cookie");
    expect(await join.text()).not.toContain("Ishaan");
  });
});
