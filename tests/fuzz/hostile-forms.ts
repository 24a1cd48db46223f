import fc from "fast-check";
import { formSizeLimits } from "~/server/requests/request.server";
import { tinyPng } from "../backend/samples";

/**
 * Hostile submissions for every form, shared by the action fuzz test (tests/fuzz/forms.fuzz.test.ts) and the server
 * run over HTTP (tests/deploy/server.system.test.ts): an honest submission of each form, and changes that each alone make it
 * one the site must refuse with a 4xx and a message (deep or huge names, conform control-field garbage, too many
 * fields, wrong types, values past their cap in unicode, bodies past the size limit, unicode where no name has it).
 */

export type Entry = [string, string | File];
export type FormUnderTest = {
  path: string;
  valid: Entry[];
  /** Fields with a length cap, and a value past it. */
  capped: [string, number][];
  multipart?: boolean;
};

export const idCard = () => new File([new Uint8Array(tinyPng)], "id.png", { type: "image/png" });

export const forms: Record<string, FormUnderTest> = {
  join: {
    path: "/join",
    valid: [
      ["name", "Diya Patel"],
      ["email", "diya@example.org"],
      ["phone", "9123456780"],
      ["enrollment", "0187EC231007"],
      ["dob", "2005-11-23"],
      ["gender", "Female"],
      ["college", "TITE"],
      ["department", "EC"],
      ["year", "2nd Year"],
      ["club", "Coding Club"],
      ["motivation", "To help."],
      ["terms", "on"],
      ["website", ""],
    ],
    capped: [
      ["name", 200],
      ["motivation", 2000],
      ["enrollment", 200],
    ],
  },
  suggestion: {
    path: "/suggestion",
    valid: [
      ["name", "Asha"],
      ["enrollment", "0101CS1"],
      ["college", "TIT"],
      ["problem", "p"],
      ["solution", "s"],
      ["website", ""],
    ],
    capped: [
      ["name", 200],
      ["problem", 2000],
      ["solution", 2000],
    ],
  },
  ideas: {
    path: "/ideas",
    valid: [
      ["name", "Asha"],
      ["enrollment", "0101CS1"],
      ["college", "TIT"],
      ["title", "Bikes"],
      ["description", "d"],
      ["impact", "i"],
      ["website", ""],
    ],
    capped: [
      ["title", 200],
      ["description", 2000],
      ["impact", 2000],
    ],
  },
  login: {
    path: "/login",
    valid: [
      ["collegeId", "0101CS221001"],
      ["password", "05092004"],
    ],
    capped: [
      ["collegeId", 50],
      ["password", 100],
    ],
  },
  registration: {
    path: "/userProfileRegistration",
    multipart: true,
    valid: [
      ["username", "Aarav Sharma"],
      ["email", "aarav@example.org"],
      ["enrollment", "0187CS221042"],
      ["college", "TIT"],
      ["branch", "CSE"],
      ["phone", "9876543210"],
      ["dob", "2004-03-09"],
      ["gender", "Male"],
      ["idCard", idCard()],
      ["consent", "on"],
      ["website", ""],
    ],
    capped: [
      ["username", 200],
      ["enrollment", 50],
      ["branch", 200],
    ],
  },
  team: {
    path: "/sih/registration",
    valid: [
      ["teamName", "Byte Busters"],
      ["category", "coding"],
      ["description", "An app."],
      ["website", ""],
      ...[1, 2, 3, 4, 5, 6].flatMap((n): Entry[] => [
        [`members[${n - 1}].name`, `Member ${n}`],
        [`members[${n - 1}].email`, `m${n}@example.org`],
        [`members[${n - 1}].phone`, `98765432${n}0`],
        [`members[${n - 1}].gender`, n === 2 ? "female" : "male"],
        [`members[${n - 1}].institution`, "TIT"],
        [`members[${n - 1}].role`, n === 1 ? "leader" : "member"],
      ]),
      ["consent", "on"],
    ],
    capped: [
      ["teamName", 100],
      ["description", 2000],
      ["members[0].name", 200],
    ],
  },
  logout: {
    path: "/userProfile",
    valid: [["intent", "logout"]],
    capped: [],
  },
};

/** Text beyond ASCII (Devanagari, emoji, combining marks…), without white space a field would trim away. */
const unicode = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 20 })
  .filter((text) => /[^\p{ASCII}]/u.test(text) && !/[\s\p{Cc}\p{Cf}\p{Zs}]/u.test(text));

/** What conform itself sends as __state__ (`{}` or `{"validated":{…booleans}}`): not garbage. */
function isConformState(text: string): boolean {
  try {
    const state: unknown = JSON.parse(text);
    if (typeof state !== "object" || state === null || Array.isArray(state)) return false;
    return Object.entries(state as Record<string, unknown>).every(
      ([key, value]) =>
        key === "validated" &&
        typeof value === "object" &&
        value !== null &&
        Object.values(value).every((flag) => typeof flag === "boolean"),
    );
  } catch {
    return false;
  }
}

/** One hostile change to an honest submission. Each one alone must make the submission a 4xx. */
export function hostileChange(form: FormUnderTest): fc.Arbitrary<(entries: Entry[]) => Entry[]> {
  const add =
    (name: string, value: string | File) =>
    (entries: Entry[]): Entry[] => [...entries, [name, value]];
  const changes: fc.Arbitrary<(entries: Entry[]) => Entry[]>[] = [
    // Deep nesting: a + [0] x n, a + .a x n, mixed.
    fc
      .tuple(fc.constantFrom("[0]", ".a", "[9]", ".b[0]"), fc.integer({ min: 5, max: 3000 }))
      .map(([segment, times]) => add(`a${segment.repeat(times)}`, "1")),
    // A huge name.
    fc.integer({ min: 101, max: 20_000 }).map((length) => add("n".repeat(length), "1")),
    // A name in another script, or with characters no field name has.
    fc
      .oneof(unicode, fc.constantFrom("a[b]", "a..b", "a[", "]", "a[0", "__proto__[x]", "a[-1]", "a[1e9]"))
      .map((name) => add(name, "1")),
    // conform's control fields with garbage.
    fc
      .oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom("x", "{", "null", "[]", "{}", '{"type":"nope"}', '{"type":"nope","payload":{}}'),
        fc
          .record({ type: fc.constantFrom("update", "reorder", "insert", "remove", "bogus"), payload: fc.anything() })
          .map((value) => JSON.stringify(value)),
      )
      .filter((text) => !/^\{"type":"(validate|reset)","payload":\{\}\}$/.test(text))
      .map((garbage) => add("__intent__", garbage)),
    fc
      .oneof(
        fc.constantFrom("{", "[]", "null", '{"validated":{"a":"yes"}}', '{"validated":[1]}'),
        fc.string({ maxLength: 30 }).map((text) => `{${text}`),
      )
      .filter((text) => !isConformState(text))
      .map((garbage) => add("__state__", garbage)),
    // Too many fields.
    fc
      .integer({ min: 101, max: 400 })
      .map((count) => (entries: Entry[]): Entry[] => [
        ...entries,
        ...Array.from({ length: count }, (_, index): Entry => [`f${index}`, "x"]),
      ]),
    // Wrong types: a file where text belongs (or text where the ID card belongs).
    fc.constantFrom(...form.valid.map(([name]) => name).filter((name) => name !== "website")).map(
      (name) =>
        (entries: Entry[]): Entry[] =>
          // Applied twice it stays wrong: the ID card becomes text, every text field a file.
          entries.map(([field, value]): Entry =>
            field === name ? [field, field === "idCard" ? "not a file" : new File(["x"], "x.txt")] : [field, value],
          ),
    ),
    // A body past the size limit. In a multipart form the padding is a file: as text, the sender's FormData scans
    // its megabytes for line breaks on every submission, which took most of the fuzz files' time.
    fc.constant(
      add(
        "padding",
        form.multipart
          ? new File([new Uint8Array(formSizeLimits.withIdCard + 1).fill(0x78)], "padding.txt")
          : "x".repeat(formSizeLimits.text + 1),
      ),
    ),
  ];
  if (form.capped.length > 0) {
    // A value past its field's cap (zod counts code points), in unicode.
    changes.push(
      fc.tuple(fc.constantFrom(...form.capped), unicode).map(
        ([[name, cap], text]) =>
          (entries: Entry[]): Entry[] =>
            entries.map(([field, value]): Entry =>
              field === name ? [field, text.repeat(Math.ceil((cap + 1) / [...text].length))] : [field, value],
            ),
      ),
    );
  }
  return fc.oneof(...changes);
}

export function requestFor(form: FormUnderTest, entries: Entry[]): Request {
  const url = `http://localhost${form.path}`;
  if (form.multipart || entries.some(([, value]) => value instanceof File)) {
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return new Request(url, { method: "POST", body });
  }
  return new Request(url, { method: "POST", body: new URLSearchParams(entries as [string, string][]) });
}

export function answerOf(result: unknown): { status: number; messages: string[] } {
  if (result instanceof Response) return { status: result.status, messages: [] };
  const answer = result as { init?: { status?: number } | null; data?: { error?: Record<string, string[] | null> } };
  const messages = Object.values(answer.data?.error ?? {}).flatMap((list) => list ?? []);
  return { status: answer.init?.status ?? 200, messages };
}

/** A generated hostile submission of `form`: its honest entries with one to three hostile changes. */
export function hostileSubmission(form: FormUnderTest): fc.Arbitrary<Entry[]> {
  return fc.array(hostileChange(form), { minLength: 1, maxLength: 3 }).map((changes) =>
    changes.reduce(
      (current, change) => change(current),
      form.valid.map(([field, value]): Entry => [field, value instanceof File ? idCard() : value]),
    ),
  );
}
