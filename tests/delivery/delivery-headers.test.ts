import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { deliveries } from "~/delivery/delivery";
import { pageOfRoute } from "~/pages-derived";
import { deliveryHeaders, deliveryHeadersMiddleware, pageHeaders } from "~/delivery/headers.server";
import { deliveryAt } from "~/delivery/route-deliveries.server";

/**
 * Every answer of a page's route carries its delivery's cache, referrer and robots headers: the page itself, and what
 * React Router builds without the page's matches (the `.data` twin a client navigation loads, an action's answer, a
 * redirect). The route walk on the production server is tests/deploy/data-twin-headers.system.test.ts.
 */

const modules = import.meta.glob<{ default?: unknown }>("../../app/routes/*.{ts,tsx}", {
  eager: true,
});

/** A path the route's pattern matches: a club for a club, an unknown page for the catch-alls. */
const pathOf = (entry: (typeof routes)[number]) =>
  entry.index
    ? "/"
    : `/${entry.path!}`
        .replace(":clubName", "coding")
        .replace(/:[a-zA-Z]+/g, "x")
        .replace(/\*$/, "no-such-page");

describe("the delivery of the page at a path", () => {
  it.each(routes.map((entry) => [pathOf(entry), entry.file, entry] as const))(
    "%s is its page's (%s), none for a route without a page",
    (path, file, entry) => {
      const module = modules[`../../app/${file}`]!;
      const id = entry.id ?? file.replace(/\.[jt]sx?$/, "");
      expect(deliveryAt(path)).toBe(module.default === undefined ? undefined : pageOfRoute(id)?.delivery);
    },
  );

  it("matches as React Router does: any case, a trailing slash, the catch-alls", () => {
    expect(deliveryAt("/HI/Verify-Email")).toBe("link");
    expect(deliveryAt("/sih/team-member/")).toBe("link");
    expect(deliveryAt("/hi/no/such/page")).toBe("static");
    expect(deliveryAt("/language")).toBeUndefined();
  });
});

/** The middleware, as React Router calls it for `request` (whose `url` is the page's path, without `.data`). */
async function answerOf(address: string, answer: Response = new Response("{}", { status: 200 })) {
  const request = new Request(`http://localhost${address}`);
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  const args = { request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() };
  return (await deliveryHeadersMiddleware(args, () => Promise.resolve(answer))) as Response;
}

describe("the answers of a page's route", () => {
  it.each([
    ["/verify-email.data?token=abc", "link"],
    ["/hi/verify-email.data?token=abc", "link"],
    ["/sih/team-member.data?token=abc", "link"],
    ["/hi/sih/team-member.data", "link"],
    ["/userProfile.data", "private"],
    ["/hi/userProfile.data", "private"],
    ["/council.data", "council"],
    ["/clubs.data", "public"],
    ["/hi/_.data", "public"],
    ["/_.data", "public"],
    ["/join.data", "form"],
    ["/no-such-page.data", "static"],
  ] as const)("%s carries the headers of the %s delivery", async (address, delivery) => {
    const headers = (await answerOf(address)).headers;
    const expected = deliveryHeaders(delivery);
    expect(headers.get("Cache-Control")).toBe(expected["Cache-Control"] ?? null);
    expect(headers.get("Referrer-Policy")).toBe(expected["Referrer-Policy"]);
    expect(headers.get("X-Robots-Tag")).toBe(expected["X-Robots-Tag"] ?? null);
  });

  it("the link pages' twins are never cached and never send their address to another site", async () => {
    for (const address of ["/verify-email.data?token=abc", "/hi/sih/team-member.data?token=abc"]) {
      const headers = (await answerOf(address)).headers;
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(headers.get("Referrer-Policy")).toBe("same-origin");
    }
  });

  it("are the page's own: the same three headers as the page's HTML", () => {
    for (const delivery of Object.keys(deliveries) as (keyof typeof deliveries)[]) {
      const page = pageHeaders(delivery, { nonce: undefined, production: true });
      for (const [name, value] of Object.entries(deliveryHeaders(delivery))) expect(page[name]).toBe(value);
    }
  });

  it("a redirect, even one whose headers cannot change, gets them on a copy with its status and Location", async () => {
    const answer = await answerOf("/userProfile", Response.redirect("http://localhost/login", 302));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("http://localhost/login");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("leaves the answers of routes without a page as their modules made them", async () => {
    const file = new Response("BEGIN:VCALENDAR", { headers: { "Cache-Control": "public, max-age=3600" } });
    const answer = await answerOf("/sih/calendar.ics", file);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(answer.headers.has("Referrer-Policy")).toBe(false);
    expect((await answerOf("/language.data?to=/hi")).headers.has("Referrer-Policy")).toBe(false);
  });
});
