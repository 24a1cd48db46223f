import { servedImages } from "~/server/content-images/served.server";
import { log } from "~/server/ops/log.server";
import type { Route } from "./+types/content-media";

/**
 * The photos the council uploaded (/media/content/<hash>-<width>.webp), from the store every replica shares, through
 * this process's cache. A name is the hash of the file's bytes, so the answer never changes: browsers and proxies keep
 * it for a year without asking again. Any other name is the site's plain 404.
 */

const notFound = () =>
  new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  // React Router also answers every URL with ".data" appended, in its client navigations' format: an image has no
  // such twin.
  if (new URL(request.url).pathname.endsWith(".data")) return notFound();
  let image;
  try {
    image = await servedImages.lookup(params.file);
  } catch {
    log.warn("Content images: the store could not be read for an image.");
    return new Response("Service Unavailable\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "10" },
    });
  }
  if (!image) return notFound();
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "Content-Type": image.mediaType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
