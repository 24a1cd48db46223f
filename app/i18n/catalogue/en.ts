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
  // One file per area, so that pages can move into the catalogue area by area.
  content,
  forms,
  account,
  events,
} as const;

/** A catalogue's shape: every key of the English one, each a string. */
export type Catalogue = { [Key in keyof typeof en]: Strings<(typeof en)[Key]> };
type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };
