import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { action as ideasAction } from "~/routes/ideas";
import { action as joinAction } from "~/routes/join";
import { action as loginAction } from "~/routes/login";
import { action as teamAction } from "~/routes/sih-registration";
import { action as suggestionAction } from "~/routes/suggestion";
import { action as registrationAction } from "~/routes/user-profile-registration";
import { limits } from "~/server/requests/limits.server";
import { caught, routeArgs } from "../support/routes";
import { type Entry, type FormUnderTest, forms, idCard, requestFor } from "./hostile-forms";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

/**
 * Honest submissions of every form with control characters (C0 but tab and line feed, DEL) and bidirectional
 * overrides, embeddings and isolates sprinkled into their text values: each is accepted, and what reaches the backend
 * is exactly what the honest submission sends, none of those characters in it.
 */

const runsPerForm = Number(process.env.FUZZ_RUNS ?? 300);

const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter(
  (char) => char !== "\t" && char !== "\n",
);
const bidiControls = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const unwantedCharacters = [...controls, "\u007F", ...bidiControls];
// The pattern is about control characters, so it has to name them.
// eslint-disable-next-line no-control-regex
const unwantedPattern = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

type Recorded = Awaited<typeof fake>["calls"];
const cases: {
  name: string;
  action: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
  sent: (calls: Recorded) => unknown[];
  runs?: number;
}[] = [
  { name: "join", action: joinAction, sent: (calls) => calls.applyToCouncil },
  // Every suggestion takes the specified 500 ms: 40 runs of `npm test`'s 300 keep the file under a minute, and 13
  // of test:fast's 100 keep it under 10 s.
  {
    name: "suggestion",
    action: suggestionAction,
    sent: (calls) => calls.sendSuggestion,
    runs: Math.max(10, Math.round(runsPerForm / 7.5)),
  },
  { name: "ideas", action: ideasAction, sent: (calls) => calls.shareIdea },
  { name: "team", action: teamAction, sent: (calls) => calls.registerTeam },
  { name: "registration", action: registrationAction, sent: (calls) => calls.registerAccount },
  { name: "login", action: loginAction, sent: (calls) => calls.logIn },
];

/** The form's honest entries with one to eight runs of unwanted characters inserted into its text values. */
function sprinkled(form: FormUnderTest): fc.Arbitrary<Entry[]> {
  const textFields = form.valid.flatMap(([, value], index) => (typeof value === "string" ? [index] : []));
  // A multipart body carries every line break as CR LF (the sender's FormData converts a lone CR), and a line break
  // is kept: a CR is inserted only where it reaches the server as it was sent.
  const characters = form.multipart ? unwantedCharacters.filter((char) => char !== "\r") : unwantedCharacters;
  const insertion = fc.record({
    field: fc.constantFrom(...textFields),
    at: fc.nat(),
    characters: fc.array(fc.constantFrom(...characters), { minLength: 1, maxLength: 3 }),
  });
  return fc.array(insertion, { minLength: 1, maxLength: 8 }).map((insertions) => {
    const entries = honest(form);
    for (const { field, at, characters } of insertions) {
      const value = entries[field]![1] as string;
      const position = at % (value.length + 1);
      entries[field]![1] = value.slice(0, position) + characters.join("") + value.slice(position);
    }
    return entries;
  });
}

const honest = (form: FormUnderTest): Entry[] =>
  form.valid.map(([name, value]): Entry => [name, value instanceof File ? idCard() : value]);

async function submit(
  name: string,
  action: (args: ReturnType<typeof routeArgs>) => Promise<unknown>,
  entries: Entry[],
) {
  const form = forms[name]!;
  const request = requestFor(form, entries);
  return caught(action(routeArgs(request)));
}

beforeEach(async () => {
  fake.reset();
  await limits.reset();
});

describe("control and direction-override characters in every form", () => {
  it.each(cases)(
    "$name: accepted, and the backend gets exactly the honest values, none of those characters in them",
    async ({ name, action, sent, runs: fewerRuns }) => {
      const { calls, reset } = fake;
      const form = forms[name]!;
      await submit(name, action, honest(form));
      expect(sent(calls)).toHaveLength(1);
      const honestValue = structuredClone(sent(calls)[0]);

      const numRuns = Math.min(runsPerForm, fewerRuns ?? runsPerForm);
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(sprinkled(form), async (entries) => {
          runs += 1;
          reset();
          await limits.reset();
          expect(entries.some(([, value]) => typeof value === "string" && unwantedPattern.test(value))).toBe(true);
          await submit(name, action, entries);
          expect(sent(calls)).toHaveLength(1);
          const value = sent(calls)[0];
          expect(
            unwantedPattern.test(
              JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? "bytes" : item)),
            ),
          ).toBe(false);
          expect(value).toEqual(honestValue);
        }),
        { numRuns },
      );
      expect(runs).toBeGreaterThanOrEqual(numRuns);
    },
    120_000,
  );
});
