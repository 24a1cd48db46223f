import { z } from "zod";

// The shapes of the JSON files in data/. The council edits those files; these schemas are what keeps an edit
// from breaking a page: the content loader parses every file with them at start, and a test runs them too.

/** A path inside the site ("/images/..."), or an absolute http(s) URL for media hosted elsewhere. */
const assetUrl = z
  .string()
  .refine(
    (value) => /^\/[^/]/.test(value) || /^https?:\/\//.test(value),
    "must be a path such as /images/x.svg or an http(s) URL",
  );

/** zod's z.url() alone also accepts javascript: and other schemes; links on the site are web pages only. */
const webUrl = z.url({ protocol: /^https?$/ });

/** A list whose entries must differ in one field (a repeated club slug would hide a club). */
function uniqueBy<T>(key: (item: T) => string | number, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string | number>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value))
        ctx.addIssue({ code: "custom", path: [index], message: `duplicate ${what} ${String(value)}` });
      seen.add(value);
    });
  };
}

/** A social link: empty or "#" means "no link" and the card hides the icon. */
const socialUrl = z.string().refine((value) => value === "" || value === "#" || /^(https?:\/\/|mailto:)/.test(value), {
  message: "must be empty, '#', an http(s) URL or a mailto: link",
});

const image = z.object({
  src: assetUrl,
  alt: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/**
 * A text a visitor reads, in English and in Hindi: both required, nothing else (a misspelt "hl" is refused), so a
 * Hindi page never shows English where its Hindi is missing. Names of people, clubs and brands stay plain strings.
 */
const localizedText = z.strictObject({ en: z.string().min(1), hi: z.string().min(1) });

/** An image whose alt text is read in both languages. */
const localizedImage = image.extend({ alt: localizedText });

const socialPlatform = z.enum([
  "facebook",
  "instagram",
  "linkedin",
  "youtube",
  "whatsapp",
  "x",
  "twitter",
  "github",
  "email",
  "portfolio",
]);

/** Platform → URL; a missing key, "" or "#" hides that icon. */
const socials = z.partialRecord(socialPlatform, socialUrl);

export const siteSchema = z.object({
  /** {product}: navbar heading, loading screen, footer line, page titles, club-card caption. */
  name: z.string().min(1),
  sample: z.literal(true).optional(),
  tagline: localizedText,
  description: localizedText,
  /** The public origin, used for canonical links, sitemap.xml and Open Graph URLs. */
  url: webUrl,
  email: z.email(),
  institute: z.string().min(1),
  address: z.array(localizedText).min(1),
  logo: localizedImage,
  /** The card shown when a link to the site is shared (Open Graph). */
  shareImage: localizedImage,
  aboutBlurb: localizedText,
  socialLinks: z.array(z.object({ platform: socialPlatform, label: localizedText, url: webUrl })).length(6),
  media: z.object({
    heroVideo: assetUrl,
    heroPoster: localizedImage,
    promoVideo: assetUrl,
    promoPoster: localizedImage,
  }),
});

const bearer = z.object({ name: z.string(), photo: assetUrl });

export const clubSchema = z.object({
  /** The path segment of /club/:clubName (the earlier site's links). */
  slug: z.string().min(1),
  name: z.string().min(1),
  logo: localizedImage,
  description: localizedText,
  mission: localizedText,
  vision: localizedText,
  instagramUrl: webUrl.optional(),
  /** Coordinator, secretary, assistant_secretary, shown in that order; a blank name hides the role. */
  bearers: z.object({ coordinator: bearer, secretary: bearer, assistant_secretary: bearer }),
});
export const clubsSchema = z
  .array(clubSchema)
  .length(19)
  .superRefine(uniqueBy((club) => club.slug.toLowerCase(), "club slug"));

// A person's name stays as it is in both languages; their role, words and portrait's alt text are read in both.
const leader = z.object({
  role: localizedText,
  name: z.string().min(1),
  image: localizedImage,
  message: localizedText,
  socials,
});
const mentorHead = z.object({
  name: z.string().min(1),
  role: localizedText,
  quote: localizedText,
  image: localizedImage,
});
const subMentor = z.object({ name: z.string().min(1), image: localizedImage });
const member = z.object({
  name: z.string().min(1),
  role: localizedText,
  quote: localizedText,
  image: localizedImage,
  socials,
});

export const peopleSchema = z.object({
  sample: z.literal(true).optional(),
  leaders: z.array(leader).length(3),
  mentorHeads: z.array(mentorHead).length(7),
  subMentors: z.array(subMentor).length(7),
  officeBearers: z.array(member).length(14),
  developers: z.array(member).length(6),
});

const sitePath = z.string().regex(/^\/[^/]/, "must be a path inside the site, such as /join");
const phone = z.string().regex(/^\+91 ?\d{5} ?\d{5}$/, "must be an Indian number written +91 followed by 10 digits");

/**
 * When an event takes registrations, as moments with their offset ("2027-01-15T23:59:00+05:30"): pages show the
 * window's state in India's time and a closed window closes its form.
 */
const registrationWindow = z
  .object({ opens: z.iso.datetime({ offset: true }), closes: z.iso.datetime({ offset: true }) })
  .refine((window) => Date.parse(window.opens) < Date.parse(window.closes), "must open before it closes");

/**
 * When and where an event takes place, as moments with their offset: the calendar file ("Add to calendar", and the
 * one the hackathon's e-mails carry) is made from it.
 */
const eventTime = z
  .object({
    starts: z.iso.datetime({ offset: true }),
    ends: z.iso.datetime({ offset: true }),
    location: localizedText,
  })
  .refine((time) => Date.parse(time.starts) < Date.parse(time.ends), "must start before it ends");

export const eventsSchema = z.object({
  sample: z.literal(true).optional(),
  upcoming: z
    .array(z.object({ title: localizedText, date: localizedText, description: localizedText, link: sitePath }))
    .length(2),
  getInvolved: z
    .array(
      z.object({
        icon: z.enum(["users", "lightbulb", "message", "trophy", "calendar", "heart"]),
        title: localizedText,
        description: localizedText,
        link: sitePath,
      }),
    )
    .min(3),
  hackathon: z.object({
    title: localizedText,
    subtitle: localizedText,
    about: z.array(localizedText).min(1),
    teamRules: z.array(localizedText).min(1),
    dates: z.array(z.object({ label: localizedText, value: localizedText })).min(1),
    problemStatementsUrl: webUrl,
    pptTemplate: z.object({ label: localizedText, href: assetUrl }),
    officialSiteUrl: webUrl,
    // Coordinators' names are people's names: they stay as they are in both languages.
    coordinators: z.array(z.object({ name: z.string().min(1), phone })).length(4),
    popup: z.object({ title: localizedText, text: localizedText }),
    registration: registrationWindow,
    when: eventTime,
  }),
  tarang: z.object({
    title: localizedText,
    tagline: localizedText,
    categories: z
      .array(
        z.object({
          slug: z.enum(["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"]),
          title: localizedText,
          note: localizedText.optional(),
          summary: localizedText,
          registration: registrationWindow,
          rules: z.array(localizedText).min(1),
          image: localizedImage,
        }),
      )
      .length(5)
      .superRefine(uniqueBy((category) => category.slug, "Tarang category")),
    notes: z.array(localizedText).min(1),
    coordinators: z.array(z.object({ name: z.string().min(1), phone })).length(2),
    when: eventTime,
  }),
});

// Any number of pictures: the council adds photos to the gallery from its photo upload.
export const gallerySchema = z
  .array(z.object({ id: z.number().int().positive(), ...localizedImage.shape }))
  .min(1)
  .superRefine(uniqueBy((picture) => picture.id, "gallery id"));

/** The words a decision e-mail may fill in ({firstName}, ...): anything else in braces is a typo the council should see. */
export const decisionEmailPlaceholders = ["firstName", "name", "club", "siteName"] as const;

/** A subject names the site and the club, never the student: a visitor's words never go into a Subject line. */
export const decisionSubjectPlaceholders = ["club", "siteName"] as const;

const withPlaceholders = (known: readonly string[]) =>
  z
    .string()
    .min(1)
    .refine(
      (text) => [...text.matchAll(/\{([^{}]*)\}/g)].every(([, word]) => known.includes(word ?? "")),
      `may only use the placeholders ${known.map((word) => `{${word}}`).join(", ")}`,
    );
const withKnownPlaceholders = withPlaceholders(decisionEmailPlaceholders);

const decisionEmail = z.object({
  subject: withPlaceholders(decisionSubjectPlaceholders),
  /** "Hello {firstName},": the first line. */
  greeting: withKnownPlaceholders,
  paragraphs: z.array(withKnownPlaceholders).min(1),
});

/**
 * data/decision-emails.json: what a join application's student is told when a council member e-mails the decision;
 * under "hi", the same in Hindi, for a student who applied on a Hindi page (both required).
 */
export const decisionEmailsSchema = z.object({
  accepted: decisionEmail,
  declined: decisionEmail,
  hi: z.object({ accepted: decisionEmail, declined: decisionEmail }),
});

export type Site = z.infer<typeof siteSchema>;
export type Image = z.infer<typeof image>;
export type Socials = z.infer<typeof socials>;
export type SocialPlatform = z.infer<typeof socialPlatform>;
export type Club = z.infer<typeof clubSchema>;
export type Leader = z.infer<typeof leader>;
export type MentorHead = z.infer<typeof mentorHead>;
export type Member = z.infer<typeof member>;
export type Events = z.infer<typeof eventsSchema>;
/** When and where an event takes place, in one language: what the calendar file and the e-mails are made from. */
export type EventTime = Omit<z.infer<typeof eventTime>, "location"> & { location: string };
export type TarangCategory = Events["tarang"]["categories"][number];
export type GalleryImage = z.infer<typeof gallerySchema>[number];
export type DecisionEmails = z.infer<typeof decisionEmailsSchema>;
