import { isAccountKey, parseClaimId } from "~/inbox/council-accounts-forms";
import { requireIdCardViewer } from "~/inbox/council-accounts-access.server";
import { refusal } from "~/inbox/access.server";
import { councilAccessMessages } from "~/inbox/sections";
import { privatePage } from "~/delivery/headers.server";
import type { Route } from "./+types/council-id-card";

/**
 * An ID card image for /council/accounts: the one an account was registered with
 * (/council/accounts/:accountId/id-card) or the one a "This College ID is mine" claim sent
 * (/council/accounts/claims/:claimId/id-card). Council members only; everyone else, an unknown account or claim and
 * a card deleted after its retention period all get the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  // React Router also answers every URL with ".data" appended, in its client navigations' format: the image inside
  // a script payload, without these headers. An image has no such twin.
  if (new URL(request.url).pathname.endsWith(".data")) throw refusal(404, "Not Found");
  const checks = await requireIdCardViewer(request);
  const claimId = params.claimId === undefined ? undefined : parseClaimId(params.claimId);
  const accountKey = params.accountId;
  let image;
  if (claimId !== undefined) image = await checks.claimIdCard(claimId);
  else if (params.claimId === undefined && isAccountKey(accountKey)) image = await checks.accountIdCard(accountKey);
  else throw refusal(404, "Not Found");
  if (!image.ok)
    throw refusal(
      image.reason === "unavailable" ? 503 : 404,
      image.reason === "unavailable" ? councilAccessMessages.unavailable : "Not Found",
    );
  return new Response(Buffer.from(image.value.bytes), {
    headers: {
      ...privatePage,
      // The type the store read from the image's own bytes when it arrived (never what the uploader claimed).
      "Content-Type": image.value.mediaType,
      "Content-Length": String(image.value.bytes.byteLength),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
