import type { ContentSnapshot, ContentStore } from "~/server/backend/built-in/content-versions.server";
import { seedContent } from "./content-files.server";
import { contentPartNames, type ContentData } from "./parts";

/**
 * Keeps a replica's content current without a query per request (docs/decisions/0024): at start the store is given
 * CONTENT_DIR's files if it has no content, and its newest versions are read; then, every `intervalMs`, one cheap
 * query asks for the newest version id, and only when it differs from the one held is the content read again and
 * handed to `apply`. A save on any replica, or by the command line, shows on every replica within the interval.
 */

/** How often a replica asks whether a newer version was saved. */
export const contentCheckIntervalMs = 2_000;

export interface ContentWatchOptions {
  content: ContentStore;
  /** CONTENT_DIR: the first versions of a store that has none. */
  directory: string;
  /** Called with the store's content when it is read at start and whenever a newer version appears. */
  apply: (content: ContentData, version: number) => void;
  intervalMs?: number;
  log: { info(message: string): void; error(message: string): void };
}

export interface ContentWatch {
  /** Settles once the store's content is applied (or reading it failed, which is logged; the checks go on). */
  ready: Promise<void>;
  /** Asks the store now; true when a newer version was applied. */
  checkNow(): Promise<boolean>;
  stop(): void;
}

export function watchContent({
  content,
  directory,
  apply,
  intervalMs = contentCheckIntervalMs,
  log,
}: ContentWatchOptions): ContentWatch {
  let held = -1;
  let checking: Promise<boolean> | undefined;
  let lastError = 0;
  let stopped = false;

  const applied = (snapshot: ContentSnapshot): boolean => {
    const { parts } = snapshot;
    // A store whose seed is still being written by another replica lacks parts: the next check takes it whole.
    if (contentPartNames.some((part) => parts[part] === undefined)) return false;
    const data = Object.fromEntries(contentPartNames.map((part) => [part, parts[part]!.data])) as ContentData;
    held = snapshot.latestId;
    apply(data, snapshot.latestId);
    return true;
  };

  const failed = (error: unknown) => {
    // At most one line a minute while the store is unreachable: the pages keep the content they have.
    if (Date.now() - lastError < 60_000) return;
    lastError = Date.now();
    log.error(
      `Content: could not read the store's newest content (${error instanceof Error ? error.message : String(error)}); the pages keep the content they have.`,
    );
  };

  async function check(): Promise<boolean> {
    if (stopped) return false;
    const latest = await content.latestId();
    if (latest === held || stopped) return false;
    return applied(await content.current());
  }

  const checkNow = () =>
    (checking ??= check()
      .catch((error: unknown) => {
        failed(error);
        return false;
      })
      .finally(() => (checking = undefined)));

  let timer: NodeJS.Timeout | undefined;
  const ready = (async () => {
    try {
      const seeded = await seedContent(content, directory);
      if (seeded > 0) log.info(`Content: the store had none; ${directory}'s files are its first versions.`);
      await checkNow();
    } catch (error) {
      failed(error);
    }
    // The checks begin once the first read is done, so none of them reads the store before it is seeded.
    if (!stopped) timer = setInterval(() => void checkNow(), intervalMs).unref();
  })();

  return {
    ready,
    checkNow,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
