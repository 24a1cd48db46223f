import { Icon, type IconName } from "~/components/icons";
import { SectionHeading } from "./section-heading";
import { ArrowLink } from "~/components/arrow-link";

const values: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "trophy",
    title: "Leadership",
    text: "Students run the council, its clubs and its events, and learn to lead by doing it.",
  },
  {
    icon: "lightbulb",
    title: "Innovation",
    text: "Hackathons, workshops and ideas boxes turn curiosity into projects that matter.",
  },
  {
    icon: "heart",
    title: "Community",
    text: "Fests, drives and clubs bring every branch and every year together on one campus.",
  },
];

export function AboutSection({ councilName }: { councilName: string }) {
  return (
    <section aria-labelledby="about-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 sm:px-8 lg:grid-cols-2 lg:items-center lg:gap-16">
        <div>
          <SectionHeading id="about-title" eyebrow="About Us" title="Where students lead the way" align="start">
            <p>
              The {councilName} is the voice of every student on campus. Our mission is to bring students, mentors and
              faculty together to organise events, support clubs and turn good ideas into real change.
            </p>
            <p className="mt-4">
              With <strong className="font-semibold text-slate-900">10+ clubs</strong> in technology, culture, service
              and leadership, there is a place for every student to learn, build and belong.
            </p>
          </SectionHeading>
          <ArrowLink
            to="/clubs"
            className="mt-8 inline-flex items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          >
            Discover our clubs
          </ArrowLink>
        </div>
        <ul className="grid gap-4">
          {values.map((value) => (
            <li key={value.title} className="flex gap-5 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200/70">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-accent shadow-sm ring-1 ring-slate-200">
                <Icon name={value.icon} className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-1 text-slate-600">{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
