import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { gallery } from "~/content/content.server";
import type { Route } from "./+types/gallery";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

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
