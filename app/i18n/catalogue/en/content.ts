/**
 * The content pages' own words in English (see ../en.ts): the home page's sections, a club's page, the people pages,
 * the gallery and the privacy notice's frame. What the council edits (clubs, people, events) is in data/*.json.
 */
export const content = {
  home: {
    /** The page's description for search engines and shared links, after the site's tagline. */
    description:
      "{{tagline}} Meet the council's leaders and mentors, explore 19 clubs and join the SIH 2025 internal hackathon and Tarang.",
    hero: {
      exploreHackathon: "Explore the national hackathon",
      join: "Join the Council",
    },
    about: {
      eyebrow: "About Us",
      title: "Where students lead the way",
      intro:
        "The {{council}} is the voice of every student on campus. Our mission is to bring students, mentors and faculty together to organise events, support clubs and turn good ideas into real change.",
      /** <strong> marks the number of clubs. */
      clubs:
        "With <strong>10+ clubs</strong> in technology, culture, service and leadership, there is a place for every student to learn, build and belong.",
      discoverClubs: "Discover our clubs",
      leadershipTitle: "Leadership",
      leadershipText: "Students run the council, its clubs and its events, and learn to lead by doing it.",
      innovationTitle: "Innovation",
      innovationText: "Hackathons, workshops and ideas boxes turn curiosity into projects that matter.",
      communityTitle: "Community",
      communityText: "Fests, drives and clubs bring every branch and every year together on one campus.",
    },
    promo: {
      eyebrow: "Campus life",
      title: "A year of events in two minutes",
      intro: "Fests, hackathons, drives and celebrations: see what the council and its clubs do all year.",
      /** The video's sound button, as its behaviour names it (from data- attributes: behaviours carry no catalogue). */
      mute: "Mute video",
      unmute: "Unmute video",
    },
    leaders: {
      eyebrow: "Council Leaders",
      title: "The students who lead the council",
      intro: "Elected by their peers to represent every student on campus.",
    },
    mentors: {
      eyebrow: "Mentors",
      title: "Guided by our mentor heads",
      intro: "Faculty mentors who back every club, event and idea on campus.",
      meetAll: "Meet all mentors",
      carousel: "Mentor heads carousel",
      previous: "Previous mentors",
      next: "Next mentors",
    },
    clubs: {
      eyebrow: "Clubs",
      title: "Find your people",
      intro: "Technology, culture, service and leadership: {{count}} clubs and societies to choose from.",
      exploreAll: "Explore all clubs",
    },
    events: {
      eyebrow: "Upcoming Events",
      title: "Mark your calendar",
      learnMore: "Learn more",
      /** Read by screen readers after "Learn more". */
      learnMoreAbout: " about {{title}}",
    },
    involved: {
      eyebrow: "Get Involved",
      title: "Make your mark on campus",
      intro: "Apply, speak up or pitch an idea: every contribution counts.",
      getStarted: "Get started",
    },
    popup: {
      eyebrow: "Register your team",
      close: "Close",
      explore: "Explore the hackathon",
    },
  },
  club: {
    back: "Back to Clubs",
    followOnInstagram: "Follow on Instagram",
    about: "About the Club",
    mission: "Mission",
    vision: "Vision",
    bearers: "Club Bearers",
    coordinator: "coordinator",
    secretary: "secretary",
    assistant_secretary: "assistant secretary",
  },
  people: {
    /** A social link's text, for screen readers: "Sample President on LinkedIn". */
    socialLink: "{{name}} on {{platform}}",
  },
  mentors: {
    title: "Mentors",
    description: "Meet the faculty mentors who guide the council and its clubs: our mentor heads and mentors.",
    heading: "Mentors",
    intro: "The faculty who guide the council, its clubs and its events.",
    heads: "Our Mentors Heads",
    mentors: "Our Mentors",
  },
  team: {
    title: "Office Bearers",
    description: "Meet the council's 14 office bearers, the students who run its events, clubs and communication.",
    heading: "Office Bearers",
    intro: "The students who run the council day to day.",
  },
  developers: {
    title: "Developer Team",
    description: "Meet the students who designed and built the council's website.",
    heading: "Developer Team",
    intro: "The students who designed, built and look after this website.",
  },
  gallery: {
    title: "Event Gallery",
    description: "Moments from the council's events, fests, hackathons and club activities.",
    heading: "Event Gallery",
    intro: "Moments from our fests, hackathons and club activities.",
  },
  privacy: {
    title: "Privacy notice",
    description:
      "What the council's site collects, why, who sees it, how long it is kept, and how to see, download or erase it.",
    heading: "Privacy notice",
    intro: "How the {{council}} looks after what you send through this site.",
    /** Beside a form's submit button, after what the form's data is for. */
    howWeKeepYourData: "How we keep your data",
  },
} as const;
