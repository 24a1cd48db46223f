import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import { cookieOf, get, routeArgs } from "./support/routes";

const rootArgs = (cookie?: string) => routeArgs(get("/", { cookie }));

describe("flash messages", () => {
  it("are shown once, and reading one deletes its cookie instead of leaving an empty one behind", async () => {
    const redirect = await redirectWithSuccess("/", "Form submitted successfully!");
    const toastCookie = cookieOf(redirect, "toast");

    const shown = await rootLoader(rootArgs(toastCookie));
    expect(shown.data.toast).toMatchObject({ message: "Form submitted successfully!", type: "success" });
    const cleared = new Headers(shown.init?.headers).getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  it("a stale toast cookie without a message is deleted too, so the visitor gets cached pages again", async () => {
    const answer = await rootLoader(rootArgs("toast=stale-or-empty"));
    expect(answer.data.toast).toBeUndefined();
    expect(new Headers(answer.init?.headers).getSetCookie()[0]).toMatch(/^toast=;/);
  });

  it("a visitor without the cookie gets no Set-Cookie at all", async () => {
    const answer = await rootLoader(rootArgs("_ga=GA1.1.123"));
    expect(answer.data.toast).toBeUndefined();
    expect(answer.init?.headers).toBeUndefined();
  });
});
