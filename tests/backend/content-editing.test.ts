import { beforeAll, describe, expect, it } from "vitest";
import { seedContent } from "~/content/content-files.server";
import type { ContentEditor } from "~/content/editing/access.server";
import { createClubCoordinators } from "~/content/editing/club-coordinators.server";
import { openEditPage } from "~/content/editing/edit-page.server";
import { saveEditPage } from "~/content/editing/save.server";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import { limits } from "~/server/requests/limits.server";
import { post, statusOf } from "../support/routes";
import { useStoreEngines } from "../support/store-engines";

/**
 * The content editor's saves and the club coordinators' grants, in the store on both engines: a save merges one
 * club's entry into the current clubs part, refuses a stale `basedOn` and a value its schema refuses, writing nothing.
 */

const { engines } = useStoreEngines();

function editorOf(store: BuiltInStore, scope: ContentEditor["scope"], by: string): ContentEditor {
  return {
    content: store.content,
    coordinators: createClubCoordinators(store.database),
    scope,
    by,
    collegeId: "0101CS000001",
  };
}

/** Posts a club's page: its name changed, everything else as the page holds it. */
async function saveClub(editor: ContentEditor, index: number, basedOn: number, name: string, slug?: string) {
  const page = await openEditPage(editor, "clubs", `[${index}]`);
  const club = page.saved as { slug: string; name: string; logo: Record<string, unknown> };
  const fields: [string, string][] = [
    ["__basedOn", String(basedOn)],
    [`[${index}].slug`, slug ?? club.slug],
    [`[${index}].name`, name],
  ];
  const flat = (value: unknown, name: string) => {
    if (value !== null && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) flat(inner, `${name}.${key}`);
    else fields.push([name, String(value)]);
  };
  for (const [key, value] of Object.entries(club))
    if (key !== "slug" && key !== "name") flat(value, `[${index}].${key}`);
  return saveEditPage(post(`/council/content/clubs?at=%5B${index}%5D`, fields), editor, page);
}

for (const engine of engines) {
  describe(`the content editor's store, on ${engine.name}`, () => {
    let store: BuiltInStore;
    beforeAll(async () => {
      store = await engine.fresh();
      await seedContent(store.content, process.env.CONTENT_DIR!);
    });

    it("keeps a coordinator's grants by the College ID's key, and revokes them", async () => {
      const coordinators = createClubCoordinators(store.database);
      expect(await coordinators.grant("0187cs240001", "Coding-Club")).toBe(true);
      expect(await coordinators.grant("0187CS240001", "coding-club")).toBe(false);
      expect(await coordinators.clubsOf(" 0187CS240001 ")).toEqual(["coding-club"]);
      expect(await coordinators.revoke("0187CS240001", "coding-club")).toBe(true);
      expect(await coordinators.revoke("0187CS240001", "coding-club")).toBe(false);
      expect(await coordinators.clubsOf("0187CS240001")).toEqual([]);
    });

    it("merges a coordinator's club into the current clubs, keeping its slug, and refuses a stale save (409)", async () => {
      await limits.reset();
      const before = (await store.content.current()).parts.clubs!;
      const slug = before.data[5]!.slug;
      const coordinator = editorOf(store, { all: false, clubs: [slug.toLowerCase()] }, "account-7");
      expect(statusOf(await saveClub(coordinator, 5, before.id, "Renamed Club", "hijacked"))).toBe(302);
      const after = (await store.content.current()).parts.clubs!;
      expect(after.savedBy).toBe("account-7");
      expect(after.data[5]).toMatchObject({ slug, name: "Renamed Club" });
      expect(after.data.filter((_club, index) => index !== 5)).toEqual(
        before.data.filter((_club, index) => index !== 5),
      );

      const stale = await saveClub(coordinator, 5, before.id, "Lost Update");
      expect(statusOf(stale)).toBe(409);
      expect((await store.content.current()).parts.clubs!.id).toBe(after.id);
    });

    it("refuses a value the schema refuses with 400 and writes nothing", async () => {
      await limits.reset();
      const member = editorOf(store, { all: true }, "account-8");
      const current = (await store.content.current()).parts.clubs!;
      expect(statusOf(await saveClub(member, 1, current.id, ""))).toBe(400);
      expect((await store.content.current()).parts.clubs!.id).toBe(current.id);
    });
  });
}
