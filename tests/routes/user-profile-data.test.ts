import { beforeEach, describe, expect, it } from "vitest";
import { loader as downloadLoader } from "~/routes/user-profile-data";
import { identity } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { caught, get, routeArgs, signInNewStudent } from "../support/routes";

/**
 * "Download my data" is a file and nothing else: React Router's client-navigation form of the URL (".data" appended,
 * handed to the loader as the browser sent it) answers 404, so the export never travels inside a script payload
 * without the download's headers. With the real built-in store of this test file.
 */

beforeEach(async () => {
  await limits.reset();
});

describe("Download my data has no .data twin", () => {
  it("answers 404, privately and with none of the export, to the student whose data it is, while the download itself works", async () => {
    const { cookie } = await signInNewStudent(identity, {
      collegeId: "0187CS298001",
      email: "kavya.nair@example.org",
      username: "Kavya Nair",
    });

    for (const path of ["/userProfile/data.data", "/userProfile/data/_.data", "/userProfile/data.data?_routes=x"]) {
      const twin = (await caught(downloadLoader(routeArgs(get(path, { cookie }))))) as Response;
      expect(twin.status, path).toBe(404);
      expect(twin.headers.get("Cache-Control"), path).toBe("private, no-store");
      const body = await twin.text();
      expect(body).not.toContain("kavya.nair@example.org");
      expect(body).not.toContain("0187CS298001");
    }

    const file = (await caught(downloadLoader(routeArgs(get("/userProfile/data", { cookie }))))) as Response;
    expect(file.status).toBe(200);
    expect(await file.text()).toContain("kavya.nair@example.org");
  });

  it("answers 404 to a visitor who is not signed in too, rather than the login redirect the file gives", async () => {
    const twin = (await caught(downloadLoader(routeArgs(get("/userProfile/data.data"))))) as Response;
    expect(twin.status).toBe(404);
    const file = (await caught(downloadLoader(routeArgs(get("/userProfile/data"))))) as Response;
    expect(file.headers.get("Location")).toBe("/login");
  });
});
