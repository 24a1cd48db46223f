import { account } from "./en/account";
import { content } from "./en/content";
import { events } from "./en/events";
import { forms } from "./en/forms";

/**
 * The site's own words in English: the specification's texts, quoted exactly. hi.ts has the same keys (its type
 * says so, and tests/i18n/catalogue.test.ts checks that none is empty). Content (clubs, people, events) lives in
 * data/*.json instead, with its Hindi beside the English.
 */
export const en = {
  shell: {
    skipLink: "Skip to content",
    home: "Home",
    mainNavigation: "Main",
    menu: "Menu",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    closeNotification: "Close notification",
    logIn: "Log in",
    myProfile: "My profile",
    yourProfile: "(your profile)",
    loading: "Loading",
    welcome: "Welcome!",
  },
  nav: {
    home: "Home",
    clubs: "Clubs",
    mentors: "Mentors",
    team: "Team",
    members: "Members",
    gallery: "Gallery",
    sih: "SIH 2025",
    tarang: "Tarang",
  },
  footer: {
    aboutUs: "About Us",
    quickLinks: "Quick Links",
    contactInfo: "Contact Info",
    developerTeam: "Developer Team",
    socialLink: "{{site}} on {{platform}}",
    allRightsReserved: "All rights reserved.",
    privacyNotice: "Privacy notice",
  },
  language: {
    /** The link's name says what it does, in the language it leads to. */
    switchTo: "Read this page in {{language}}",
    offer: "This page is also in English",
    offerLink: "Read it in English",
  },
  errors: {
    notFoundTitle: "Not Found",
    lost: "Oops! Looks like you're lost",
    notAvailable: "The page you are looking for is not available",
    goBackHome: "Go Back Home",
    somethingWentWrong: "Oops! Something went wrong",
    refreshPage: "Refresh Page",
    tryAgain: "Try Again",
    goHome: "Go Home",
    /** "If this keeps happening, write to {e-mail} and quote the reference {reference}." in four parts. */
    referenceBefore: "If this keeps happening, write to",
    theCouncil: "the Student Council",
    referenceBetween: "and quote the reference",
    referenceAfter: ".",
  },
  pages: {
    clubs: {
      title: "Clubs",
      description:
        "Explore the 19 clubs and societies of the council, from coding, robotics and drones to music, dance and NSS.",
      heading: "Our Clubs & Societies",
      intro: "Find your people: technical, cultural and social clubs run by students, for students.",
    },
  },
  /**
   * The <title> and description of the form and account pages, for the root loader's table (app/seo/page-text.ts):
   * the server's only, the browser gets them as loader data.
   */
  titles: {
    join: {
      title: "Join the Council",
      description: "Apply to join the council: tell us who you are, pick the club you want to work with and why.",
    },
    suggestion: {
      title: "Suggestion Box",
      description: "Share your problems and suggestions to help improve our council.",
    },
    ideas: {
      title: "Ideas & Innovation",
      description:
        "Have an idea that could change campus life? Tell the council what it is and the difference it would make.",
    },
    login: {
      title: "Login",
      description: "Sign in to your council account with your College ID and date of birth.",
    },
    userProfile: { title: "Profile", description: "Your council profile." },
    userProfileDelete: { title: "Delete my account", description: "Erase your account and what you sent." },
    verifyEmail: {
      title: "Confirm your e-mail address",
      description: "Confirm the e-mail address of your council account.",
    },
    userProfileRegistration: {
      title: "User Registration",
      description:
        "Create your council account: your College ID is your enrollment number and your password your date of birth.",
    },
    collegeIdClaim: {
      title: "This College ID is mine",
      description: "Tell the council that the College ID an account uses is yours, with your own ID card.",
    },
  },
  // One file per area, so that pages can move into the catalogue area by area (forms in parts: en/forms.ts).
  content,
  forms,
  account,
  events,
} as const;

/** A catalogue's shape: every key of the English one, each a string. */
export type Catalogue = { [Key in keyof typeof en]: Strings<(typeof en)[Key]> };
type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };
