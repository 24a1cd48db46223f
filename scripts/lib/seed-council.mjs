// Fills a built-in store with council inbox entries for the benchmark and the screenshots (never the repository's
// database): the store's own code does the writing, loaded from the TypeScript sources with Vite's module runner.
import { runnerImport } from "vite";
import { repoRoot } from "./server.mjs";

/** @typedef {import("../../app/server/backend/built-in/store.server").BuiltInStore} SeedStore */
/** @typedef {typeof import("../../app/server/backend/built-in/store.server")} StoreModule */
/** @typedef {Parameters<StoreModule["openBuiltInStore"]>[0]} SeedStoreConfig */
/** @typedef {{ ok: boolean }} Outcome */

const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * The built-in store (created with its schema if new) on `config`: a SQLite file's path, or the store's settings for
 * PostgreSQL (`{ engine: "postgres", url, poolMax, statementTimeoutMs }`).
 * @param {SeedStoreConfig} config
 * @returns {Promise<SeedStore>}
 */
export async function openSeedStore(config) {
  /** @type {{ module: unknown }} */
  const loaded = await runnerImport("/app/server/backend/built-in/store.server.ts", {
    root: repoRoot,
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
  });
  const storeModule = /** @type {StoreModule} */ (loaded.module);
  return storeModule.openBuiltInStore(config);
}

/**
 * @template {Outcome} T
 * @param {T} outcome
 * @param {string} what
 * @returns {T}
 */
function expectOk(outcome, what) {
  if (!outcome.ok) throw new Error(`${what} failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

/**
 * A council member: an account (password = dob as DDMMYYYY) holding the council role.
 * @param {SeedStore} store
 * @param {{ collegeId: string, dob: string, name: string }} member dob as YYYY-MM-DD
 */
export async function seedMember(store, { collegeId, dob, name }) {
  expectOk(
    await store.registerAccount({
      username: name,
      email: `${collegeId.toLowerCase()}@example.org`,
      phone: "+919876543210",
      enrollment: collegeId,
      college: "TIT",
      branch: "CSE",
      dob,
      gender: "Female",
      idCard: { mediaType: "image/png", bytes: tinyPng },
    }),
    "registering the member",
  );
  expectOk(await store.grantCouncilRole(collegeId), "granting the council role");
  const [year, month, day] = dob.split("-");
  return { collegeId, password: `${day}${month}${year}` };
}

// Hindi names too: the inbox and the CSV must show them as written.
const names = [
  "Aarav Sharma",
  "दिया पटेल",
  "Ishaan Verma",
  "Ananya Iyer",
  "कबीर खान",
  "Meera Joshi",
  "Rohan Singh",
  "सान्वी गुप्ता",
  "Vivaan Mehta",
  "Priya Nair",
  "आरव शर्मा",
];
const clubs = ["Coding Club", "Robotics Club", "Music Society", "Literary Club", "NSS Unit", "Drone Society"];
const departments = ["CSE", "CSE AIML", "IT", "EC", "ME", "MBA"];
const years = ["1st Year", "2nd Year", "3rd Year", "4th Year"];
/**
 * @template T
 * @param {readonly T[]} list
 * @param {number} index
 * @returns {T}
 */
const pick = (list, index) => /** @type {T} */ (list[index % list.length]);
/** @param {number} index */
const personName = (index) => pick(names, index);
/** @param {number} index @param {string} [branch] */
const enrollment = (index, branch = "CS") => `0187${branch}${String(220000 + index).padStart(6, "0")}`;

/**
 * @param {number} index
 * @returns {Parameters<SeedStore["applyToCouncil"]>[0]}
 */
export function sampleApplication(index) {
  return {
    name: personName(index),
    email: `student${index}@example.org`,
    phone: `98${String(10000000 + index).slice(-8)}`,
    enrollment: enrollment(index),
    dob: `200${index % 6}-0${(index % 9) + 1}-1${index % 9}`,
    gender: pick(["Male", "Female", "Other"], index),
    college: pick(["TIT", "TITE", "TITS", "TIT-CSE"], index),
    department: pick(departments, index),
    year: pick(years, index),
    club: pick(clubs, index),
    motivation: "I want to help organise events and speak for the students of my department.",
    terms: true,
  };
}

/**
 * @param {number} index
 * @returns {Parameters<SeedStore["registerTeam"]>[0]}
 */
export function sampleTeam(index) {
  return {
    teamName: `Team ${pick(["Pixel", "Quantum", "Byte", "Nova", "Circuit"], index)} ${index + 1}`,
    category: pick(["coding", "design", "innovation", "business"], index),
    description: "An app that books lab slots and shows which labs are free right now.",
    members: Array.from({ length: 6 }, (_, position) => ({
      name: personName(index * 6 + position),
      email: `team${index}.member${position + 1}@example.org`,
      phone: `97${String(10000000 + index * 6 + position).slice(-8)}`,
      gender: position === 1 ? "female" : pick(["male", "female", "other"], position),
      institution: "Technocrats Institute of Technology",
      skills: position === 0 ? "TypeScript, design" : "",
      role: position === 0 ? "leader" : "member",
    })),
  };
}

/**
 * @param {number} index
 * @returns {Parameters<SeedStore["shareIdea"]>[0]}
 */
function sampleIdea(index) {
  return {
    name: personName(index + 3),
    enrollment: enrollment(index, "IT"),
    college: "Technocrats Institute of Technology",
    title: pick(
      ["Campus lost-and-found board", "Solar charging benches", "Peer tutoring hour", "Bicycle sharing"],
      index,
    ),
    description: "A shared board where anyone can post what they found, with a photo and where they left it.",
    impact: "Lost ID cards and calculators get back to their owners within a day.",
  };
}

/**
 * @param {number} index
 * @returns {Parameters<SeedStore["sendSuggestion"]>[0]}
 */
function sampleSuggestion(index) {
  return {
    name: personName(index + 7),
    enrollment: enrollment(index, "EC"),
    college: "TIT",
    problem: "The library closes at 5 pm, before most labs end.",
    solution: "Keep the reading room open until 8 pm on weekdays.",
  };
}

/** @typedef {Parameters<SeedStore["inbox"]["triage"]>[0]["action"]} TriageAction */
/**
 * How one section of the inbox is filled: saving its `index`-th sample, the entry kind in its ids, and the two triage
 * actions taken in turn.
 * @typedef {[save: (index: number) => Promise<Outcome>, kind: string, actions: [TriageAction, TriageAction]]} SectionMaker
 */

/**
 * `counts` entries per section, oldest first; every `triageEvery`-th is handled by `member`.
 * @param {SeedStore} store
 * @param {Partial<Record<string, number>>} counts by section: applications, teams, ideas, suggestions
 * @param {{ member?: string, triageEvery?: number }} [triage]
 */
export async function seedEntries(store, counts, { member, triageEvery = 0 } = {}) {
  /** @type {Record<string, SectionMaker>} */
  const makers = {
    applications: [(index) => store.applyToCouncil(sampleApplication(index)), "application", ["accept", "decline"]],
    teams: [(index) => store.registerTeam(sampleTeam(index)), "team", ["seen", "archive"]],
    ideas: [(index) => store.shareIdea(sampleIdea(index)), "idea", ["seen", "archive"]],
    suggestions: [(index) => store.sendSuggestion(sampleSuggestion(index)), "suggestion", ["seen", "archive"]],
  };
  for (const [section, count = 0] of Object.entries(counts)) {
    const maker = makers[section];
    if (!maker) throw new Error(`No inbox section called ${section}`);
    const [save, kind, actions] = maker;
    for (let index = 0; index < count; index += 1) {
      expectOk(await save(index), `saving ${kind} ${index}`);
      if (member && triageEvery > 0 && index % triageEvery === 0) {
        const action = actions[(index / triageEvery) % 2 === 0 ? 0 : 1];
        expectOk(
          await store.inbox.triage({ entryId: `${kind}-${index + 1}`, action, by: member }),
          `triaging ${kind} ${index}`,
        );
      }
    }
  }
}
