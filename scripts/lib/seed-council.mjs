// Fills a built-in store with council inbox entries for the benchmark and the screenshots (never the repository's
// database): the store's own code does the writing, loaded from the TypeScript sources with Vite's module runner.
import { runnerImport } from "vite";
import { repoRoot } from "./server.mjs";

const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * The built-in store (created with its schema if new) on `config`: a SQLite file's path, or the store's settings for
 * PostgreSQL (`{ engine: "postgres", url, poolMax, statementTimeoutMs }`).
 */
export async function openSeedStore(config) {
  const { module } = await runnerImport("/app/server/backend/built-in/index.server.ts", {
    root: repoRoot,
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
  });
  return module.openBuiltInStore(config);
}

function expectOk(outcome, what) {
  if (!outcome.ok) throw new Error(`${what} failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** A council member: an account (password = dob as DDMMYYYY) holding the council role. */
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
const pick = (list, index) => list[index % list.length];
const personName = (index) => pick(names, index);
const enrollment = (index, branch = "CS") => `0187${branch}${String(220000 + index).padStart(6, "0")}`;

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

export function sampleIdea(index) {
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

export function sampleSuggestion(index) {
  return {
    name: personName(index + 7),
    enrollment: enrollment(index, "EC"),
    college: "TIT",
    problem: "The library closes at 5 pm, before most labs end.",
    solution: "Keep the reading room open until 8 pm on weekdays.",
  };
}

/** `counts` entries per section, oldest first; every `triageEvery`-th is handled by `member`. */
export async function seedEntries(store, counts, { member, triageEvery = 0 } = {}) {
  const makers = {
    applications: [sampleApplication, (item) => store.applyToCouncil(item), "application", ["accept", "decline"]],
    teams: [sampleTeam, (item) => store.registerTeam(item), "team", ["seen", "archive"]],
    ideas: [sampleIdea, (item) => store.shareIdea(item), "idea", ["seen", "archive"]],
    suggestions: [sampleSuggestion, (item) => store.sendSuggestion(item), "suggestion", ["seen", "archive"]],
  };
  for (const [section, count] of Object.entries(counts)) {
    const [make, save, kind, actions] = makers[section];
    for (let index = 0; index < count; index += 1) {
      expectOk(await save(make(index)), `saving ${kind} ${index}`);
      if (member && triageEvery > 0 && index % triageEvery === 0) {
        const action = actions[(index / triageEvery) % 2];
        expectOk(
          await store.inbox.triage({ entryId: `${kind}-${index + 1}`, action, by: member }),
          `triaging ${kind} ${index}`,
        );
      }
    }
  }
}
