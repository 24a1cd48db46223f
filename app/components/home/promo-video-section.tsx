import { PromoVideo } from "~/components/media/promo-video";
import type { Image } from "~/content/schemas";
import { SectionHeading } from "./section-heading";

export function PromoVideoSection({ video, poster }: { video: string; poster: Image }) {
  return (
    <section aria-labelledby="promo-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-5xl px-5 sm:px-8">
        <SectionHeading id="promo-title" eyebrow="Campus life" title="A year of events in two minutes">
          <p>Fests, hackathons, drives and celebrations: see what the council and its clubs do all year.</p>
        </SectionHeading>
        <div className="mt-12">
          <PromoVideo src={video} poster={poster} />
        </div>
      </div>
    </section>
  );
}
