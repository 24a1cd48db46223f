/**
 * The hackathon team's forms' words: registering a team, adding a member, a member's link: one part of the catalogue's forms area (en/forms.ts).
 */

/** The hackathon team registration at /sih/registration (app/components/team/*). */
export const team = {
  detailsHeading: "Team details",
  teamName: { label: "Team Name", missing: "Enter the team name." },
  mixedScripts: "Use the letters of one alphabet in each word of the team name.",
  category: {
    label: "Category",
    placeholder: "Select a category",
    missing: "Choose a category.",
    coding: "Coding",
    design: "Design",
    innovation: "Innovation",
    business: "Business",
  },
  description: { label: "Description" },
  membersHeading: "Team members",
  membersCount: "{{count}} of {{max}} members · one leader · at least one female member",
  membersMissing: "Add the team's members.",
  addMember: "Add Member",
  consent: {
    label: "I have the members' agreement to share their details with the council for this registration.",
    missing: "Please confirm that the members agreed to share their details.",
  },
  submit: "Register Team",
  pending: "Submitting...",
  // The team rules, in the order they are checked on submit.
  tooManyMembers: "Maximum 6 members allowed per team!",
  oneLeader: "Only one leader allowed per team!",
  sixMembers: "Team must have exactly 6 members!",
  femaleMember: "At least one female member is required!",
  // The first member, the leader, cannot be removed; our wording.
  leaderStays: "The team leader (Member 1) cannot be removed.",
  // The outcomes of sending the registration.
  success: "Registration submitted successfully!",
  /** Added to the success message when a cap on the leader's address held back the receipt. */
  receiptHeld:
    "We could not e-mail you a receipt: your address has had as many e-mails from us today as we send one address.",
  /** The same for a team whose members wait for its leader: the receipt carried the link that tells them. */
  receiptHeldWaiting:
    "We could not e-mail you the receipt: your address has had as many e-mails from us today as we send one address. Your team's members have not been told about the team yet. To tell them, log in to an account whose confirmed e-mail address is the one you gave for the leader, and press “Tell my team's members” on your profile. If you cannot, write to the council: they can remove this registration.",
  failurePrefix: "Error: ",
  notAccepted: "The registration was not accepted.",
  exception: "An error occurred. Please try again.",
  /** The list beside the form (registered-teams.tsx). */
  registered: {
    heading: "Registered Teams",
    unavailable:
      "The list of registered teams could not be loaded right now. Please try again later; you can still register your team.",
    none: "No teams have registered yet. Be the first!",
    one: "{{count}} team registered",
    many: "{{count}} teams registered",
  },
} as const;

/** One member's row: the team form's, and "Add a member" on /sih/team/add-member. */
export const member = {
  title: "Member {{number}}",
  leaderTitle: "Member {{number}} (Leader)",
  remove: "Remove",
  removeLabel: "Remove {{title}}",
  incomplete: "Fill in this member's details.",
  name: { label: "Name", missing: "Enter the member's name." },
  email: { label: "Email", missing: "Enter the member's email.", invalid: "Enter a valid email address." },
  phone: { label: "Phone", missing: "Enter the member's phone number.", invalid: "Phone number must be 10 digits." },
  gender: {
    label: "Gender",
    placeholder: "Select gender",
    missing: "Choose the member's gender.",
    male: "Male",
    female: "Female",
    other: "Other",
  },
  institution: { label: "Institution", missing: "Enter the member's institution." },
  skills: { label: "Skills", hint: "Optional, e.g. React, UI design, pitching." },
  role: {
    label: "Role",
    placeholder: "Select role",
    missing: "Choose Leader or Member.",
    leader: "Leader",
    member: "Member",
  },
} as const;

/** A member's own page (/sih/team-member) and the leader's "Add a member" (/sih/team/add-member). */
export const teamMember = {
  incompleteLink: "This link is not complete. Open the link from the e-mail again.",
  chooseButton: "Choose one of the two buttons.",
  chooseTeam: "Choose your team.",
  confirm: "Yes, I am in this team",
  confirming: "Confirming...",
  removeMe: "Remove me from this team",
  removing: "Removing...",
  unknown:
    "This link is not valid. It may be incomplete, or you were removed from the team already (a removed member's link stops working).",
  off: "This site keeps no hackathon teams of its own.",
  failed: "That did not work right now. Nothing was changed; please try again in a few minutes.",
  confirmed: "Thank you: you confirmed that you are in the team {{team}}.",
  alreadyConfirmed: "You already confirmed.",
  removed: "You were removed from the team {{team}}, and your details with you. Its leader has been told by e-mail.",
  afterRemoval: "You are no longer in the team: your details were erased from it, and its leader was told by e-mail.",
  removeExplained:
    "Removing yourself erases your name, e-mail address and phone number from the team at once, and tells its leader by e-mail. It cannot be undone; the leader can add you again.",
  // Add a member
  add: "Add this member",
  adding: "Adding...",
  added:
    "The member was added: your team has {{members}} of {{max}} members. We sent them an e-mail with their own link.",
  /** Added by a leader whose address is not confirmed, or whose members were not told yet: nobody is written to. */
  addedWaiting:
    "The member was added: your team has {{members}} of {{max}} members. We write to them once you press “Tell my team's members” on the link in your team's receipt.",
  /** The same, for a team whose receipt (with the link that tells the members) a cap held back. */
  addedNoReceipt:
    "The member was added: your team has {{members}} of {{max}} members. Nobody in the team has been told yet: the receipt with the link that tells them could not be sent. Once your account's confirmed e-mail address is the leader's, press “Tell my team's members” on your profile.",
  notYours: "This is not a team you lead, or it no longer exists.",
  full: "Your team already has {{max}} members.",
  // The leader's link, while the members wait for the leader's word
  tell: "Tell my team's members",
  telling: "Telling them...",
  told: "Your team's members have been told: each got an e-mail with their own link.",
  toldExcept:
    "Your team's members have been told, except {{emails}}: these addresses are already in another team, so they were left out of yours. Add other members from your profile.",
  // The same button on the profile, for the team's proven leader
  leaderOnly:
    "Only the team's leader can tell its members: log in to the account whose confirmed e-mail address is the leader's address in the team.",
  alreadyTold: "Your team's members were told already: nobody was written to again.",
} as const;
