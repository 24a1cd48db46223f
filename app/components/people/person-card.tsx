import type { Image, Socials } from "~/content/schemas";
import { SocialLinks } from "./social-links";
import { Img } from "~/components/image";

interface PersonCardProps {
  name: string;
  image: Image;
  role?: string;
  quote?: string;
  socials?: Socials;
  /** The card's place in the page outline: h2 under the page's h1, h3 inside a titled section. */
  headingLevel?: 2 | 3;
}

/** A council member, mentor or developer: photo, name, role, their words and their social links. */
export function PersonCard({ name, image, role, quote, socials, headingLevel = 3 }: PersonCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-person-card=""
      className="flex h-full flex-col items-center rounded-2xl bg-white p-5 text-center sm:p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <Img
        image={image}
        alt={image.alt}
        className="size-28 rounded-full bg-slate-100 object-cover ring-4 ring-slate-50 sm:size-32"
      />
      <Heading className="mt-5 text-lg font-semibold text-ink">{name}</Heading>
      {role ? <p className="mt-1 text-sm font-medium text-accent">{role}</p> : null}
      {quote ? (
        <blockquote className="mt-4 text-sm leading-relaxed text-slate-600 italic">
          <p>“{quote}”</p>
        </blockquote>
      ) : null}
      {socials ? <SocialLinks socials={socials} name={name} className="mt-auto justify-center pt-4" /> : null}
    </article>
  );
}

const personGridItemWidths = {
  // One card a row on phones, up to four on wide screens.
  wide: "*:w-full sm:*:w-[calc(50%-0.75rem)] lg:*:w-[calc(33.333%-1rem)] xl:*:w-[calc(25%-1.125rem)]",
  // Up to three cards a row, for short lists such as the developers.
  narrow: "*:w-full sm:*:w-[calc(50%-0.75rem)] lg:*:w-[calc(33.333%-1rem)]",
  // Photo-and-name cards are small enough for two a row on phones.
  compact: "*:w-[calc(50%-0.75rem)] sm:*:w-[calc(33.333%-1rem)] lg:*:w-[calc(25%-1.125rem)]",
};

/**
 * The list of people a people page shows, one card each. A wrapping row rather than a grid, so a last row
 * that is not full (7 mentors, 14 office bearers) sits centred instead of hanging to the left.
 */
export function PersonGrid({
  people,
  layout = "wide",
  headingLevel,
}: {
  people: readonly Omit<PersonCardProps, "headingLevel">[];
  layout?: keyof typeof personGridItemWidths;
  headingLevel?: PersonCardProps["headingLevel"];
}) {
  return (
    <ul className={`flex flex-wrap justify-center gap-6 ${personGridItemWidths[layout]}`}>
      {people.map((person) => (
        <li key={person.name}>
          <PersonCard headingLevel={headingLevel} {...person} />
        </li>
      ))}
    </ul>
  );
}
