import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { App } from "~/server/app.server";
import type { MailTransport, SendableMail } from "~/server/mail/transport.server";
import { repoRoot } from "../../scripts/lib/server.mjs";
import { sampleApplication } from "./samples";

/**
 * The store stores, the mail module writes, and one composition root wires them: no module under
 * app/server/backend/ imports the e-mails' wording; importing the backend or the mail modules opens no database and
 * starts no timer or sender; a test builds the app with parts of its own (here, an in-memory mail transport) and sees
 * an event the store recorded leave as the e-mail the mail module wrote.
 */

const backendDirectory = path.join(repoRoot, "app/server/backend");
const mailDirectory = path.join(repoRoot, "app/server/mail");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Where a module's imports point, resolved to files of the repository ("~/" is app/). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(/(?:import|export)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']/g),
  ];
  return specifiers
    .map((match) => match[1] ?? match[2]!)
    .filter((specifier) => specifier.startsWith(".") || specifier.startsWith("~/"))
    .map((specifier) =>
      specifier.startsWith("~/")
        ? path.join(repoRoot, "app", specifier.slice(2))
        : path.resolve(path.dirname(file), specifier),
    );
}

describe("the store stores, the mail module writes", () => {
  it("no module under app/server/backend/ imports the e-mails' wording (app/server/mail/)", () => {
    const files = sourceFiles(backendDirectory);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(mailDirectory + path.sep))
        .map((target) => `${path.relative(repoRoot, file)} imports ${path.relative(repoRoot, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the import check sees an import of the mail module where there is one", () => {
    const files = sourceFiles(path.join(repoRoot, "app/server")).filter((file) => file.endsWith("app.server.ts"));
    expect(files.flatMap(importsOf).some((target) => target.startsWith(mailDirectory + path.sep))).toBe(true);
  });
});

/** The process's active handles and requests (sockets, timers, files), counted by kind. */
function resourceCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (kind !== "Immediate") counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

describe("importing starts nothing", () => {
  it("importing the backend, the built-in store and the mail modules opens no database and starts no timer or sender", async () => {
    // A store path of its own, and the modules evaluated afresh from here: in the unit project the files of a worker
    // share its modules (vitest.config.ts), and an earlier file may have imported and composed them already.
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), "council-composition-")), "council.sqlite");
    vi.stubEnv("DATABASE_PATH", databasePath);
    vi.resetModules();
    const timers = [vi.spyOn(globalThis, "setInterval"), vi.spyOn(globalThis, "setTimeout")];
    const resourcesBefore = resourceCounts();
    try {
      await import("~/server/backend/running-backends.server");
      await import("~/server/backend/built-in/store.server");
      await import("~/server/app.server");
      for (const file of readdirSync(mailDirectory).filter((name) => name.endsWith(".server.ts"))) {
        await import(/* @vite-ignore */ path.join(mailDirectory, file));
      }
      // Whatever an import might have scheduled had its chance to show.
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const timer of timers) expect(timer).not.toHaveBeenCalled();
    } finally {
      for (const timer of timers) timer.mockRestore();
    }
    // No handle of a new kind, and none more of a kind than before (the test runner's own may have ended).
    const added = [...resourceCounts()].filter(([kind, count]) => count > (resourcesBefore.get(kind) ?? 0));
    expect(added).toEqual([]);
    expect(existsSync(databasePath)).toBe(false);
    vi.unstubAllEnvs();
    vi.resetModules();
  });
});

describe("the composition root", () => {
  let app: App | undefined;
  afterEach(async () => {
    const { useApp } = await import("~/server/app.server");
    useApp(undefined);
    await app?.stop();
    app = undefined;
  });

  it("builds the app with an in-memory mail transport: a receipt the store records is sent as the mail module wrote it", async () => {
    const { composeApp, useApp } = await import("~/server/app.server");
    const { env } = await import("~/server/ops/env.server");
    const sent: SendableMail[] = [];
    const transport: MailTransport = {
      description: "in memory",
      send: (mail) => {
        sent.push(mail);
        return Promise.resolve();
      },
      close() {},
    };
    app = composeApp({ transport, env: { ...env, mail: env.mail && { ...env.mail } } });
    expect(app.mailSender).toBeUndefined();
    app.start();
    useApp(app);
    expect(app.mailSender).toBeDefined();

    // The routes' module reaches the app this test composed.
    const { submissions } = await import("~/server/backend/running-backends.server");
    const applied = await submissions.applyToCouncil(
      { ...sampleApplication, email: "asha.receipt@example.org" },
      undefined,
      "hi",
    );
    expect(applied).toEqual({ ok: true });
    await app.mailSender!.drain();

    const receipt = sent.find((mail) => mail.to === "asha.receipt@example.org");
    expect(receipt?.subject).toBe("Student Council से जुड़ने का आपका आवेदन हमें मिल गया");
    // The outbox row keeps the event the store recorded beside the words the mail module wrote.
    const [row] = await app.builtInStore!.database.read((trx) =>
      trx.selectFrom("outbox").select(["kind", "event"]).where("recipient", "=", "asha.receipt@example.org").execute(),
    );
    expect(row?.kind).toBe("application-receipt");
    expect(JSON.parse(row!.event!)).toMatchObject({ kind: "application-receipt", club: "Coding Club", locale: "hi" });
  });
});
