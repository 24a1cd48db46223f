import type { Image } from "~/content/schemas";
import { AboutSection } from "./about-section";
import { ClubsStrip, type ClubStripEntry } from "./clubs-strip";
import { CouncilLeaders } from "./council-leaders";
import { GetInvolved } from "./get-involved";
import { MentorsCarousel } from "./mentors-carousel";
import { PromoVideoSection } from "./promo-video-section";
import { UpcomingEvents } from "./upcoming-events";

type Props<Component> = Component extends (props: infer P) => unknown ? P : never;

/** The home page under its hero: one module, loaded after the page's first scripts (see app/delivery/deferred.ts). */
export function BelowTheFold(props: {
  councilName: string;
  promo: { video: string; poster: Image };
  leaders: Props<typeof CouncilLeaders>["leaders"];
  mentorHeads: Props<typeof MentorsCarousel>["mentors"];
  clubs: ClubStripEntry[];
  upcoming: Props<typeof UpcomingEvents>["events"];
  getInvolved: Props<typeof GetInvolved>["cards"];
}) {
  return (
    <>
      <AboutSection councilName={props.councilName} />
      <PromoVideoSection {...props.promo} />
      <CouncilLeaders leaders={props.leaders} />
      <MentorsCarousel mentors={props.mentorHeads} />
      <ClubsStrip clubs={props.clubs} />
      <UpcomingEvents events={props.upcoming} />
      <GetInvolved cards={props.getInvolved} />
    </>
  );
}
