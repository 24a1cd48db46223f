import { councilAccessMessages, isInboxSection } from "~/inbox/sections";
import { refusal, requireCouncilMember } from "~/inbox/access.server";
import { csvResponse } from "~/inbox/csv.server";
import type { Route } from "./+types/council-export";

/** /council/export/<section>.csv: a section of the council inbox as a spreadsheet, behind the same door as the page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  // React Router also answers every URL with ".data" appended, in the format of its client navigations: here that
  // would be the whole section inside a script payload, without the download's private headers. A file has no
  // such twin.
  if (new URL(request.url).pathname.endsWith(".data")) throw refusal(404, "Not Found");
  const { inbox } = await requireCouncilMember(request);
  const section = /^(.+)\.csv$/.exec(params.file)?.[1];
  if (!isInboxSection(section)) throw refusal(404, "Not Found");
  const exported = await inbox.exportSection(section);
  if (!exported.ok) throw refusal(503, councilAccessMessages.unavailable);
  return csvResponse(section, exported.value);
}
