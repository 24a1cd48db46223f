import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { ContentPage } from "~/components/page-header";
import { gallery } from "~/content/content.server";
import type { Route } from "./+types/gallery";
import { contentIn } from "~/content/content-in";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  return { images: contentIn(gallery, localeOf(new URL(request.url).pathname)) };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <ContentPage title={t("content.gallery.heading")} intro={t("content.gallery.intro")}>
      <GalleryGrid images={loaderData.images} />
    </ContentPage>
  );
}
