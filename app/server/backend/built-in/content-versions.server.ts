import type { Outcome } from "../council-backend.server";
import {
  checkContent,
  contentPartNames,
  type ContentData,
  type ContentPart,
  describeChange,
  isContentPart,
} from "~/content/parts";
import type { Selectable } from "kysely";
import type { Db, StoreDatabase } from "./database.server";
import type { Tables } from "./tables.server";
import { guarded, now, Rejection } from "./guard.server";

/**
 * The site's content in the store, on both engines: every save of a part is a new row of `content_versions`, and the
 * current content is each part's newest row. Nothing is updated or deleted, so any earlier version can be restored
 * (as a new version). Every value is checked by its part's schema before it is written.
 */

/** One saved version of a part, without its data. */
export interface ContentVersion {
  id: number;
  part: ContentPart;
  /** An account key, or "cli" or "seed". */
  savedBy: string;
  /** ISO 8601. */
  savedAt: string;
  /** The version of the part this one was made from; null for the part's first. */
  basedOn: number | null;
  summary: string;
}

export type ContentVersionWithData<Part extends ContentPart = ContentPart> = ContentVersion & {
  data: ContentData[Part];
};

/** The current content: each part's newest version (a part never saved is missing), and the newest id of all. */
export interface ContentSnapshot {
  /** The newest version id in the store, 0 when it holds none: what `latestId()` is compared with. */
  latestId: number;
  parts: { [Part in ContentPart]?: ContentVersionWithData<Part> };
}

/** A new value for one part. */
export interface ContentSave<Part extends ContentPart = ContentPart> {
  part: Part;
  data: unknown;
  /**
   * The id of the part's version the change was made from (null: the part had none). When the part has a newer one
   * by now, the save is refused (`contentChanged`) and nothing is written: two editors never overwrite each other.
   */
  basedOn: number | null;
  /** An account key, or "cli". */
  by: string;
  /** Said before the fields that changed ("restored version 12"). */
  summary?: string;
}

/** A save's answer: the part's version now, and whether this save wrote it (false: the value was already current). */
export interface ContentSaved {
  version: ContentVersion;
  changed: boolean;
}

export interface ContentStore {
  /** The newest version id, 0 when there is none: one cheap query, to tell whether anything was saved since. */
  latestId(): Promise<number>;
  /** Each part's newest version with its data. */
  current(): Promise<ContentSnapshot>;
  /** Saves one part (refused: `contentChanged`, `contentInvalid`). */
  save(change: ContentSave): Promise<Outcome<ContentSaved>>;
  /**
   * Saves several parts in one transaction, each as its own version (a part whose value is already current is left
   * as it is); one refusal and none is saved.
   */
  saveAll(changes: readonly ContentSave[]): Promise<Outcome<ContentSaved[]>>;
  /** Versions newest first, of one part or of all; at most `limit`. */
  history(options?: { part?: ContentPart; limit?: number }): Promise<ContentVersion[]>;
  /** One version with its data. */
  version(id: number): Promise<ContentVersionWithData | undefined>;
  /**
   * Makes version `id`'s value its part's current one, as a new version (refused: `noSuchContentVersion`;
   * `contentChanged` when `basedOn` is given and the part has moved on).
   */
  restore(id: number, by: string, basedOn?: number | null): Promise<Outcome<ContentSaved>>;
  /**
   * Writes the parts the store holds no version of yet, by "seed", and says how many it wrote: a store is seeded once,
   * however many replicas start on it together. Values that fail their schema are refused whole.
   */
  seed(content: Partial<ContentData>, summary?: string): Promise<Outcome<number>>;
}

/** Every content write takes this one lock, so ids are given and committed in the same order on both engines. */
const contentLock = "content";

type Row = Selectable<Tables["content_versions"]>;

function versionOf(row: Row): ContentVersion {
  return {
    id: row.id,
    part: row.part as ContentPart,
    savedBy: row.saved_by,
    savedAt: row.saved_at,
    basedOn: row.based_on,
    summary: row.summary,
  };
}

function withData(row: Row): ContentVersionWithData {
  return { ...versionOf(row), data: JSON.parse(row.data) as ContentData[ContentPart] };
}

const summaryLength = 300;

export function createContentVersions(store: StoreDatabase): ContentStore {
  const newest = (trx: Db, part: ContentPart) =>
    trx
      .selectFrom("content_versions")
      .selectAll()
      .where("part", "=", part)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();

  /** Inside the content lock: checks, compares with the part's newest version, writes a new one if it differs. */
  async function saveIn(trx: Db, change: ContentSave): Promise<ContentSaved> {
    if (!isContentPart(change.part)) {
      throw new Rejection({
        code: "contentInvalid",
        part: String(change.part),
        field: "(part)",
        message: "no such part",
      });
    }
    const checked = checkContent(change.part, change.data);
    if (!checked.ok) throw new Rejection({ code: "contentInvalid", ...checked.problem });
    const current = await newest(trx, change.part);
    if ((current?.id ?? null) !== change.basedOn) {
      throw new Rejection({ code: "contentChanged", part: change.part, basedOn: change.basedOn, current: current!.id });
    }
    const data = JSON.stringify(checked.data);
    if (current && current.data === data) return { version: versionOf(current), changed: false };
    const changes = current ? describeChange(JSON.parse(current.data) as unknown, checked.data) : "first version";
    const given = change.summary && (current ? `${change.summary}; ${changes}` : change.summary);
    const summary = (given || changes).slice(0, summaryLength);
    const row = await trx
      .insertInto("content_versions")
      .values({
        part: change.part,
        data,
        saved_by: change.by,
        saved_at: now(),
        based_on: current?.id ?? null,
        summary,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { version: versionOf(row), changed: true };
  }

  const saveAll = (changes: readonly ContentSave[]) =>
    guarded<Outcome<ContentSaved[]>>("save content", async () => ({
      ok: true,
      value: await store.write(async (trx) => {
        await store.lock(trx, contentLock);
        const saved: ContentSaved[] = [];
        for (const change of changes) saved.push(await saveIn(trx, change));
        return saved;
      }),
    }));

  return {
    async latestId() {
      const row = await store.read((trx) =>
        trx
          .selectFrom("content_versions")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst(),
      );
      return Number(row?.id ?? 0);
    },

    async current() {
      return store.read(async (trx) => {
        const rows = await trx
          .selectFrom("content_versions")
          .selectAll()
          .where(
            "id",
            "in",
            trx
              .selectFrom("content_versions")
              .select((eb) => eb.fn.max("id").as("id"))
              .groupBy("part"),
          )
          .execute();
        const snapshot: ContentSnapshot = { latestId: 0, parts: {} };
        for (const row of rows) {
          snapshot.latestId = Math.max(snapshot.latestId, row.id);
          if (isContentPart(row.part))
            (snapshot.parts as Record<string, ContentVersionWithData>)[row.part] = withData(row);
        }
        return snapshot;
      });
    },

    async save(change) {
      const saved = await saveAll([change]);
      return saved.ok ? { ok: true, value: saved.value[0]! } : saved;
    },

    saveAll,

    async history({ part, limit = 1000 } = {}) {
      const rows = await store.read((trx) => {
        let query = trx
          .selectFrom("content_versions")
          .select(["id", "part", "saved_by", "saved_at", "based_on", "summary"])
          .orderBy("id", "desc")
          .limit(limit);
        if (part) query = query.where("part", "=", part);
        return query.execute();
      });
      return rows.map((row) => versionOf({ ...row, data: "" }));
    },

    async version(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      const row = await store.read((trx) =>
        trx.selectFrom("content_versions").selectAll().where("id", "=", id).executeTakeFirst(),
      );
      return row && withData(row);
    },

    restore(id, by, basedOn) {
      return guarded<Outcome<ContentSaved>>("restore content", async () => ({
        ok: true,
        value: await store.write(async (trx) => {
          await store.lock(trx, contentLock);
          const earlier = Number.isSafeInteger(id)
            ? await trx.selectFrom("content_versions").selectAll().where("id", "=", id).executeTakeFirst()
            : undefined;
          if (!earlier || !isContentPart(earlier.part)) throw new Rejection({ code: "noSuchContentVersion", id });
          const current = await newest(trx, earlier.part);
          return saveIn(trx, {
            part: earlier.part,
            data: JSON.parse(earlier.data) as unknown,
            basedOn: basedOn === undefined ? (current?.id ?? null) : basedOn,
            by,
            summary: `restored version ${id}`,
          });
        }),
      }));
    },

    seed(content, summary = "seeded from the content files") {
      return guarded<Outcome<number>>("seed content", async () => ({
        ok: true,
        value: await store.write(async (trx) => {
          await store.lock(trx, contentLock);
          let written = 0;
          for (const part of contentPartNames) {
            if (content[part] === undefined || (await newest(trx, part))) continue;
            await saveIn(trx, { part, data: content[part], basedOn: null, by: "seed", summary });
            written += 1;
          }
          return written;
        }),
      }));
    },
  };
}
