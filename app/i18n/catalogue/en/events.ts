/**
 * The events texts in English (see ../en.ts): the hackathon page, Tarang and its categories, the team pages' own
 * texts and the state of a registration window. The events themselves (titles, rules, notes) are in data/events.json.
 */
export const events = {
  pages: {
    sih: {
      title: "SIH 2025 Internal Hackathon",
      description:
        "Form a team of six, pick a Smart India Hackathon 2025 problem statement and register for the institute's internal round.",
    },
    sihRegistration: {
      title: "SIH 2025 Team Registration",
      description:
        "Register your team of six for the SIH 2025 internal hackathon: team name, category and every member's details.",
    },
    tarang: {
      title: "Tarang – The Waves of Talent",
      description:
        "Tarang, the cultural fest: ramp walk, dance, open mic, music and mystery games, each with its registration dates.",
    },
    sihTeamMember: {
      title: "Your place in a hackathon team",
      description: "Confirm that you are in a hackathon team, or remove yourself from it.",
    },
    sihTeamAddMember: {
      title: "Add a team member",
      description: "Add a member to the hackathon team you lead.",
    },
  },
  /** A registration window's state, as its pill and the closed forms say it; {{time}} is in India's time. */
  registration: {
    closed: "Registration closed",
    openUntil: "Registration open until {{time}}",
    opensOn: "Opens on {{time}}",
  },
  /** When and where an event is, with its calendar file. */
  calendar: {
    span: "{{starts}} to {{ends}}",
    when: "When:",
    where: "Where:",
    add: "Add to calendar",
  },
  coordinators: {
    /** Read before the number by screen readers: "Call Coordinator 1 on +91 …". */
    call: "Call {{name}} on ",
  },
  opensInNewTab: " (opens in a new tab)",
  sih: {
    organisedBy: "Organised by the {{organiser}}",
    startRegistration: "Start Registration",
    readTeamRules: "Read the team rules",
    sectionsLabel: "Hackathon sections",
    sections: {
      about: "About",
      registration: "Registration",
      resources: "Resources",
      contact: "Contact",
    },
    aboutTitle: "What is the internal hackathon?",
    registrationTitle: "Build your team and register",
    teamRules: "Team rules",
    importantDates: "Important dates",
    registrationDate: "Registration",
    viewProblemStatements: "View problem statements",
    resourcesTitle: "Everything you need to prepare",
    pptFormat: "PPT format",
    download: "Download: {{label}}",
    officialSite: "Official SIH website",
    officialSiteText: "Guidelines, themes and announcements for Smart India Hackathon 2025",
    contactTitle: "Student coordinators",
    contactIntro: "Questions about teams or registration? Call any of our coordinators.",
  },
  tarang: {
    eyebrow: "Cultural fest",
    registerWithCoordinator: "Register with a student coordinator: their numbers are below the categories.",
    categoriesEyebrow: "Categories",
    categoriesTitle: "Pick your stage",
    viewDetails: "View details",
    notesEyebrow: "Before you register",
    notesTitle: "Notes and coordinators",
    importantNotes: "Important notes",
    studentCoordinators: "Student coordinators",
  },
  tarangCategory: {
    /** The page's title: "Ramp Walk – Tarang". */
    title: "{{category}} – Tarang",
    /** The title of a path that is no category (as errors.notFoundTitle). */
    notFoundTitle: "Not Found",
    notFoundDescription: "This Tarang category does not exist.",
    backToTarang: "Back to Tarang",
    howToRegister: "How to register",
    rules: "Rules",
    beforeYouRegister: "Before you register",
    seeAll: "See all Tarang categories",
    registerOpen: "Register for {{category}} with a student coordinator: call one of them.",
    registerNotYetOpen:
      "Registration for {{category}} has not opened yet ({{state}}). Once it opens, register with a student coordinator: call one of them.",
    registerClosed: "Registration for {{category}} is closed. For questions, call a student coordinator.",
  },
  sihRegistration: {
    intro: "Register a team of six for the internal hackathon: one leader and at least one female member.",
    back: "← Back to SIH 2025",
    closedNote:
      "Teams can register only while registration is open. The hackathon page has the dates and the coordinators to call.",
  },
  teamMember: {
    /** The names are filled in as elements (app/components/events/sentence-with.tsx). */
    registered: "{{leader}} registered the team {{team}} for {{hackathon}}, with you, {{member}}, as a member.",
    confirmed: "You confirmed that you are in this team.",
    /** The link of the leader's receipt, while the members wait for the leader's word. */
    leaderRegistered: "You registered the team {{team}} for {{hackathon}}, with you, {{member}}, as its leader.",
    leaderWaiting:
      "Its members have not heard from us yet. Press the button to tell them: each gets an e-mail naming the team and you, with a link of their own.",
    leaderTold: "Your team's members have been told.",
  },
  addMember: {
    yourTeam: "Your team {{team}} has {{members}} of {{max}} members: {{names}}.",
    emailNote:
      "They get an e-mail naming the team and you, with a link to confirm they are in it or to remove themselves.",
    backToProfile: "Back to my profile",
  },
} as const;
