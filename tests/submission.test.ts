import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { limitPolicies, limits } from "~/server/requests/limits.server";
import { formSizeLimits } from "~/server/requests/request.server";
import { receive, type ReceiveOptions } from "~/server/requests/submission.server";

const schema = z.object({
  name: z.string({ error: "Enter a name." }).min(1, "Enter a name."),
  rows: z.array(z.object({ label: z.string().optional() })).optional(),
});

const rowsList = { max: 3, tooMany: "At most 3 rows.", newRow: { label: "new" }, firstRowStays: "Row 1 stays." };

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/form", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const options = (
  extra: Partial<ReceiveOptions<typeof schema, Response>> = {},
): ReceiveOptions<typeof schema, Response> => ({
  schema,
  limit: "suggestion",
  lists: { rows: rowsList },
  honeypot: () => new Response("bot", { status: 302, headers: { Location: "/" } }),
  ...extra,
});

async function refusal(request: Request, extra?: Partial<ReceiveOptions<typeof schema, Response>>) {
  const received = await receive(request, options(extra));
  expect(received.ok).toBe(false);
  if (received.ok) throw new Error("expected a refusal");
  const answer = received.response;
  if (answer instanceof Response) return { status: answer.status, reply: undefined, headers: answer.headers };
  return { status: answer.init?.status ?? 200, reply: answer.data, headers: new Headers(answer.init?.headers) };
}

const unreadable = "The form could not be read. Please reload the page and try again.";

beforeEach(async () => {
  await limits.reset();
});

describe("the submission pipeline", () => {
  it("hands a valid form's value to the route", async () => {
    const received = await receive(post(new URLSearchParams({ name: "Asha" })), options());
    expect(received.ok).toBe(true);
    if (received.ok) expect(received.value).toEqual({ name: "Asha" });
  });

  it("drops control characters (NUL, escape, DEL...) from every value before the schema sees it", async () => {
    const received = await receive(
      post(new URLSearchParams("name=a%00b%01c%1Bd%7F&rows%5B0%5D.label=x%08y")),
      options(),
    );
    expect(received.ok).toBe(true);
    if (received.ok) expect(received.value).toEqual({ name: "abcd", rows: [{ label: "xy" }] });
  });

  it("keeps tabs and line breaks, a browser's CR LF becoming one line feed", async () => {
    const received = await receive(post(new URLSearchParams({ name: "line 1\r\nline 2\tend" })), options());
    expect(received.ok).toBe(true);
    if (received.ok) expect(received.value.name).toBe("line 1\nline 2\tend");
  });

  it("drops direction overrides, embeddings and isolates, keeping right-to-left letters", async () => {
    const received = await receive(
      post(new URLSearchParams({ name: "\u202Etxt.exe3 \u2067\u0645\u0631\u062D\u0628\u0627\u2069\u202A\u202C" })),
      options(),
    );
    expect(received.ok).toBe(true);
    if (received.ok) expect(received.value.name).toBe("txt.exe3 \u0645\u0631\u062D\u0628\u0627");
  });

  it("answers a value of control characters only as an empty one: the schema's message", async () => {
    const { status, reply } = await refusal(post(new URLSearchParams("name=%00%01%1B")));
    expect(status).toBe(400);
    expect(reply?.error?.name).toEqual(["Enter a name."]);
  });

  it("answers an invalid form with 400 and the schema's messages, entries kept", async () => {
    const { status, reply } = await refusal(post(new URLSearchParams({ name: "", "rows[0].label": "kept" })));
    expect(status).toBe(400);
    expect(reply?.error?.name).toEqual(["Enter a name."]);
    expect(reply?.initialValue).toMatchObject({ rows: [{ label: "kept" }] });
  });

  it.each([
    ["a + [0] x 3000", `a${"[0]".repeat(3000)}`],
    ["a + .a x 10000", `a${".a".repeat(10_000)}`],
    ["a 101-character name", "n".repeat(101)],
    ["five levels deep", "a.b.c.d.e"],
    ["an index under no list", "other[0]"],
    ["an index past twice the list's bound", "rows[6].label"],
    ["a dotted index", "rows.1.label"],
    ["a list that is not a list", "rows"],
    ["a name in another script", "नाम"],
    ["stray brackets", "name]["],
  ])("refuses %s with 400 before the form library sees it, at once", async (_case, name) => {
    const started = performance.now();
    const { status, reply } = await refusal(
      post(
        new URLSearchParams([
          ["name", "Asha"],
          [name, "x"],
        ]),
      ),
    );
    // A generous deadline: what is asserted is that the guard answers, not how fast this machine is.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(status).toBe(400);
    expect(reply?.error?.[""]).toEqual([unreadable]);
  });

  it("refuses more than 100 fields", async () => {
    const fields = Array.from({ length: 101 }, (_, index): [string, string] => [`f${index}`, "x"]);
    expect((await refusal(post(new URLSearchParams(fields)))).status).toBe(400);
  });

  it.each([
    ["__intent__", "x"],
    ["__intent__", JSON.stringify({ type: "nope" })],
    ["__intent__", JSON.stringify({ type: "nope", payload: {} })],
    ["__intent__", JSON.stringify({ type: "update", payload: { name: "name", value: "y" } })],
    ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "rows", from: 0, to: 1 } })],
    ["__intent__", JSON.stringify({ type: "insert", payload: { name: "other" } })],
    ["__intent__", JSON.stringify({ type: "remove", payload: { name: "rows", index: 9 } })],
    ["__intent__", JSON.stringify({ type: "validate", payload: { name: "a[0][0][0][0][0]" } })],
    ["__intent__", "null"],
    ["__state__", "{"],
    ["__state__", JSON.stringify({ validated: { name: "yes" } })],
    ["__state__", "[]"],
  ])("refuses conform's control field %s=%s with 400 and a message, never 500", async (field, value) => {
    const { status, reply } = await refusal(
      post(
        new URLSearchParams([
          ["name", "Asha"],
          ["rows[0].label", "a"],
          [field, value],
        ]),
      ),
    );
    expect(status).toBe(400);
    expect(reply?.error?.[""]).toEqual([unreadable]);
  });

  it("refuses a repeated control field", async () => {
    const intent = JSON.stringify({ type: "validate", payload: { name: "name" } });
    const { status } = await refusal(
      post(
        new URLSearchParams([
          ["name", "A"],
          ["__intent__", intent],
          ["__intent__", intent],
        ]),
      ),
    );
    expect(status).toBe(400);
  });

  it("carries out conform's insert within the list's bound, with the list's own new row", async () => {
    const insert = JSON.stringify({ type: "insert", payload: { name: "rows", defaultValue: { label: "sneaky" } } });
    const { status, reply } = await refusal(
      post(
        new URLSearchParams([
          ["name", "A"],
          ["rows[0].label", "a"],
          ["__intent__", insert],
        ]),
      ),
    );
    expect(status).toBe(200);
    expect(reply?.initialValue).toMatchObject({ rows: [{ label: "a" }, { label: "new" }] });
  });

  it("refuses an insert past the bound and removing row 1 with the list's messages, rows unchanged", async () => {
    const three = [
      ["name", "A"],
      ["rows[0].label", "a"],
      ["rows[1].label", "b"],
      ["rows[2].label", "c"],
    ];
    const insert = JSON.stringify({ type: "insert", payload: { name: "rows" } });
    const full = await refusal(post(new URLSearchParams([...three, ["__intent__", insert]])));
    expect(full.status).toBe(400);
    expect(full.reply?.error?.rows).toEqual(["At most 3 rows."]);
    expect((full.reply?.initialValue as { rows: unknown[] }).rows).toHaveLength(3);

    const remove = JSON.stringify({ type: "remove", payload: { name: "rows", index: 0 } });
    const first = await refusal(post(new URLSearchParams([...three, ["__intent__", remove]])));
    expect(first.reply?.error?.rows).toEqual(["Row 1 stays."]);
    expect((first.reply?.initialValue as { rows: { label: string }[] }).rows[0]).toEqual({ label: "a" });

    const removeSecond = JSON.stringify({ type: "remove", payload: { name: "rows", index: 1 } });
    const removed = await refusal(post(new URLSearchParams([...three, ["__intent__", removeSecond]])));
    expect(removed.status).toBe(200);
    expect(removed.reply?.initialValue).toMatchObject({ rows: [{ label: "a" }, { label: "c" }] });
  });

  it("gives a bot that filled the honeypot the form's normal answer, after the shape checks", async () => {
    const bot = await refusal(post(new URLSearchParams({ name: "", website: "https://spam.example" })));
    expect(bot.status).toBe(302);
    const hostileBot = await refusal(
      post(
        new URLSearchParams([
          ["website", "x"],
          ["__state__", "{"],
        ]),
      ),
    );
    expect(hostileBot.status).toBe(400);
  });

  it("answers 413 on the form and asks for the connection to be closed", async () => {
    const { status, reply, headers } = await refusal(
      post(new URLSearchParams({ name: "x".repeat(formSizeLimits.text) })),
    );
    expect(status).toBe(413);
    expect(reply?.error?.[""]).toEqual(["The form is too large to send. Please shorten it and try again."]);
    expect(headers.get("Connection")).toBe("close");
  });

  it("counts every POST of one client against the form's limit: 429 with Retry-After, entries kept", async () => {
    const { points } = limitPolicies.suggestion;
    const from = { "X-Client-Address": "203.0.113.5" };
    for (let attempt = 0; attempt < points; attempt += 1) {
      expect((await receive(post(new URLSearchParams({ name: "A" }), from), options())).ok).toBe(true);
    }
    const { status, reply, headers } = await refusal(post(new URLSearchParams({ name: "Kept" }), from));
    expect(status).toBe(429);
    expect(reply?.error?.[""]?.[0]).toMatch(
      /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(reply?.initialValue).toMatchObject({ name: "Kept" });
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect(
      (await receive(post(new URLSearchParams({ name: "A" }), { "X-Client-Address": "203.0.113.6" }), options())).ok,
    ).toBe(true);
  });

  it("refuses an upload over the client's limit before reading its body", async () => {
    const from = { "X-Client-Address": "203.0.113.9" };
    const upload = { limit: "register" as const, maxBytes: formSizeLimits.withIdCard };
    for (let attempt = 0; attempt < limitPolicies.register.points; attempt += 1) {
      await receive(post(new URLSearchParams({ name: "A" }), from), options(upload));
    }
    const request = post(new URLSearchParams({ name: "A" }), from);
    const { status } = await refusal(request, upload);
    expect(status).toBe(429);
    expect(request.bodyUsed).toBe(false);
  });

  it("gives an attempt back when the route says it did not count", async () => {
    const from = { "X-Client-Address": "203.0.113.20" };
    for (let attempt = 0; attempt < limitPolicies.suggestion.points + 5; attempt += 1) {
      const received = await receive(post(new URLSearchParams({ name: "A" }), from), options());
      expect(received.ok).toBe(true);
      if (received.ok) await received.giveBack();
    }
  });
});
