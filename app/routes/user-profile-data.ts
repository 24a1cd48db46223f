import { redirect } from "react-router";
import { privatePage } from "~/delivery/headers.server";
import { getCredentials } from "~/server/accounts/session.server";
import { studentDataExport } from "~/server/students/students-data.server";
import type { Route } from "./+types/user-profile-data";

/**
 * "Download my data": everything the site keeps about the signed-in student as one JSON file (the ID card while it
 * is kept, as base64), never a password or anyone else's data. A download, never cached anywhere.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // React Router also answers every URL with ".data" appended, in the format of its client navigations (the request
  // reaches the loader as sent): here that would be the whole export inside a script payload, without the download's
  // headers. A file has no such twin, for anyone.
  if (new URL(request.url).pathname.endsWith(".data")) {
    throw new Response("Not Found", {
      status: 404,
      headers: { ...privatePage, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect("/login");
  const exported = await studentDataExport(credentials);
  if (!exported.ok) {
    if (exported.reason === "rejected") throw redirect("/userProfile");
    return new Response("Your data cannot be read right now. Please try again in a few minutes.\n", {
      status: 503,
      headers: { ...privatePage, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const fileName = `my-data-${exported.value.collegeId.replace(/[^A-Za-z0-9_-]/g, "_")}.json`;
  return new Response(`${JSON.stringify(exported.value.document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...privatePage,
    },
  });
}
