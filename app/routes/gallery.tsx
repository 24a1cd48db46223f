import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { gallery } from "~/content/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/gallery";
import { withoutScripts } from "~/lib/page-handle";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

// Read-only: every behaviour works without the framework (lib/page-handle.ts).
export const handle = withoutScripts;

export const meta = metaFor("/gallery");

export function loader() {
  return { images: gallery };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Event Gallery" intro="Moments from our fests, hackathons and club activities.">
      <GalleryGrid images={loaderData.images} />
    </ContentPage>
  );
}
