import { PromoVideo } from "~/components/media/promo-video";
import type { Image } from "~/content/schemas";
import { SectionHeading } from "./section-heading";
import { useText } from "~/i18n/use-text";

export function PromoVideoSection({ video, poster }: { video: string; poster: Image }) {
  const { t } = useText();
  return (
    <section aria-labelledby="promo-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-5xl px-5 sm:px-8">
        <SectionHeading
          id="promo-title"
          eyebrow={t("content.home.promo.eyebrow")}
          title={t("content.home.promo.title")}
        >
          <p>{t("content.home.promo.intro")}</p>
        </SectionHeading>
        <div className="mt-12">
          <PromoVideo src={video} poster={poster} />
        </div>
      </div>
    </section>
  );
}
