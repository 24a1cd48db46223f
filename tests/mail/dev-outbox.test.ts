import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import { dataOf, headersOf, statusOf } from "../support/routes";
import { useSqliteStore } from "../support/store-engines";
import { enqueue, sampleMail } from "./support";

/**
 * /dev/outbox: under `npm run dev` the outbox's latest e-mails with their links, so a newcomer can open a
 * verification link without an SMTP server; anywhere else the page does not exist.
 */

const sqlite = useSqliteStore();

afterEach(() => {
  vi.doUnmock("~/server/backend/running-backends.server");
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The route module as a server running with `NODE_ENV` loads it, over `store`. */
async function outboxRoute(nodeEnv: string, store?: BuiltInStore) {
  vi.resetModules();
  vi.stubEnv("NODE_ENV", nodeEnv);
  if (nodeEnv === "production") vi.stubEnv("SESSION_SECRET", "a-production-secret-of-at-least-32-characters");
  vi.doMock("~/server/backend/running-backends.server", () => ({ usedBuiltInStore: () => store }));
  return import("~/routes/dev-outbox");
}

type OutboxPage = Awaited<ReturnType<Awaited<ReturnType<typeof outboxRoute>>["loader"]>>["data"];

describe("/dev/outbox", () => {
  it("in development lists the latest e-mails, newest first, with their links clickable, never cached", async () => {
    const store = await sqlite.fresh();
    await enqueue(store, 2, {
      mail: (index) =>
        sampleMail(index, {
          to: `student${index}@example.org`,
          text: `Open https://council.example.test/verify-email?token=tok-${index} to confirm.`,
        }),
    });
    const route = await outboxRoute("development", store);
    const result = await route.loader();
    expect(statusOf(result)).toBe(200);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    const page = dataOf<OutboxPage>(result);
    expect(page.messages.map((message) => [message.to, message.kind, message.status])).toEqual([
      ["student1@example.org", "verify-email", "queued"],
      ["student0@example.org", "verify-email", "queued"],
    ]);

    const html = renderToString(createElement(route.default as never, { loaderData: page } as never));
    expect(html).toContain(
      '<a href="https://council.example.test/verify-email?token=tok-1" class="font-semibold text-accent underline underline-offset-2">https://council.example.test/verify-email?token=tok-1</a>',
    );
    expect(html).toContain("Confirm your e-mail address (0)");
    expect(html).toContain("student0@example.org");
  });

  it("without SMTP_URL says a 'sent' e-mail was written to the terminal, not sent, and names its attachments", async () => {
    const store = await sqlite.fresh();
    await enqueue(store, 1, {
      mail: (index) =>
        sampleMail(index, {
          kind: "team-receipt",
          attachments: [{ filename: "sih-hackathon.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
        }),
    });
    const [claimed] = await store.outbox.claim(1, 60_000);
    await store.outbox.markSent(claimed!.id);
    vi.stubEnv("SMTP_URL", "");
    const route = await outboxRoute("development", store);
    const page = dataOf<OutboxPage>(await route.loader());
    const html = renderToString(createElement(route.default as never, { loaderData: page } as never));
    expect(html).toContain("written to the terminal, not sent (SMTP_URL is not set)");
    expect(html).not.toMatch(/sent \(1 attempt\)/);
    expect(html).toContain("sih-hackathon.ics (text/calendar, 15 bytes)");
  });

  it.each(["production", "test"])("answers 404 when NODE_ENV is %s, and reads nothing", async (nodeEnv) => {
    const store = await sqlite.fresh();
    const recent = vi.spyOn(store.outbox, "recent");
    const route = await outboxRoute(nodeEnv, store);
    const result: unknown = await route.loader().then(
      () => new Error("expected the loader to throw a 404"),
      (thrown: unknown) => thrown,
    );
    expect(statusOf(result)).toBe(404);
    expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    expect(recent).not.toHaveBeenCalled();
  });
});
