import { data } from "react-router";
import { type ContentPart, isContentPart } from "~/content/parts";
import { privatePage } from "~/delivery/headers.server";
import { log } from "~/server/ops/log.server";
import { readFormData } from "~/server/requests/request.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import { indianDateTime } from "~/time/india-time";
import { type ContentEditor, notFound, publishNow } from "./access.server";
import { savedByText } from "./saved-by";
import { type FieldChange, fieldChanges } from "./versions-compared";

/**
 * A part's versions for the council (council members only: a coordinator would read other clubs' entries), newest
 * first, each with what changed from the one before it; and "Restore this version", which saves an earlier value as
 * a new version, refused when the part moved on since the page was shown.
 */

/** Versions a history page shows. */
export const historyLength = 30;

export interface VersionShown {
  id: number;
  by: string;
  at: string;
  summary: string;
  changes: FieldChange[];
  current: boolean;
}

export function historyPart(editor: ContentEditor, part: string): ContentPart {
  if (!editor.scope.all || !isContentPart(part)) throw notFound();
  return part;
}

export async function partHistory(editor: ContentEditor, part: ContentPart) {
  const versions = await editor.content.history({ part, limit: historyLength + 1 });
  const values = await Promise.all(versions.map((version) => editor.content.version(version.id)));
  const shown: VersionShown[] = versions.slice(0, historyLength).map((version, index) => ({
    id: version.id,
    by: savedByText(version.savedBy, editor.by),
    at: `${indianDateTime(version.savedAt)} IST`,
    summary: version.summary,
    changes: index + 1 < values.length ? fieldChanges(values[index + 1]?.data, values[index]?.data) : [],
    current: index === 0,
  }));
  return { versions: shown, currentId: versions[0]?.id ?? null };
}

export const restoreMessages = {
  unreadable: "This form could not be read. Reload the page and try again.",
  changed: "Someone saved this part since you opened this page: nothing was restored. Look at the list again.",
  noSuchVersion: "There is no such version of this part.",
  unavailable: "Unable to connect to the server. Try again later.",
  restored: (id: number) => `Restored version ${id}: the site shows it within a few seconds.`,
} as const;

const refused = (status: number, message: string) => data({ message }, { status, headers: privatePage });

export async function restoreFromForm(request: Request, editor: ContentEditor, part: ContentPart) {
  const body = await readFormData(request, 4 * 1024);
  if (!body.ok) return refused(body.status, restoreMessages.unreadable);
  const text = (name: string) => {
    const value = body.formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const id = text("version");
  const basedOn = text("basedOn");
  if (!/^\d{1,12}$/.test(id) || !/^\d{1,12}$/.test(basedOn)) return refused(400, restoreMessages.unreadable);
  const earlier = await editor.content.version(Number(id));
  if (!earlier || earlier.part !== part) return refused(404, restoreMessages.noSuchVersion);
  const restored = await editor.content.restore(Number(id), editor.by, Number(basedOn));
  if (!restored.ok) {
    const code = restored.reason === "rejected" ? restored.refusal?.code : undefined;
    if (code === "contentChanged") return refused(409, restoreMessages.changed);
    if (code === "noSuchContentVersion") return refused(404, restoreMessages.noSuchVersion);
    return refused(503, restoreMessages.unavailable);
  }
  log.info(`Content: ${part} version ${id} restored as version ${restored.value.version.id} by account ${editor.by}.`);
  await publishNow();
  return redirectWithSuccess(`/council/content/${part}/history`, restoreMessages.restored(Number(id)), {
    headers: privatePage,
  });
}
