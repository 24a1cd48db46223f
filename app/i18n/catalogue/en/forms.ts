/**
 * The forms' words in English (see ../en.ts): labels, hints, buttons and every message, the specification's texts
 * quoted exactly. The schemas in app/forms/ take this area (or hi/forms.ts) as `FormTexts` and build their messages
 * from it, on the server and in the browser (app/forms/texts.ts).
 */
export const forms = {
  /** The rules every form shares (app/forms/rules.ts). `label` is the field's label as the page shows it. */
  rules: {
    tooLong: "{{label}} must be {{max}} characters or fewer.",
    /** A name goes into e-mails: one line, and no web address a mail program would turn into a link. */
    oneLine: "{{label}} must be one line of text, without a web address.",
  },
  /** The shared field components (app/components/form-fields/field.tsx, phone-field.tsx). */
  fields: {
    select: "Select…",
    phonePlaceholder: "10-digit mobile number",
    honeypot: "Leave this field empty",
    dateOfBirth: "Date of Birth",
    dateOfBirthHint: "No calendar? Type it day first, e.g. 05/09/2004.",
  },
  /** The submission pipeline's own refusals (app/server/forms/submission.server.ts, limits.server.ts). */
  submission: {
    tooLarge: "The form is too large to send. Please shorten it and try again.",
    unreadable: "The form could not be read. Please reload the page and try again.",
    tooMany: "Too many submissions from your network. Please try again in {{wait}}.",
    /** A form limited per signed-in account rather than per network (deleting the account, adding a member). */
    tooManyFromAccount: "You have sent this form too many times. Please try again in {{wait}}.",
    /** A link page's button (link-limits.server.ts): one link pressed over and over, or many dead links tried. */
    linkPressedTooOften: "This link's button was pressed too many times. Please try again in {{wait}}.",
    tooManyFailedLinks: "Too many links that do not work were tried from your network. Please try again in {{wait}}.",
    oneMinute: "{{count}} minute",
    minutes: "{{count}} minutes",
  },
  /**
   * The line beside a form's submit button (app/components/privacy/privacy-note.tsx): what the form's data is for
   * (the privacy notice quotes the same lines), and the link to the notice.
   */
  privacyNote: {
    link: "How we keep your data",
    join: "The council uses these details only to consider your application and contact you about it.",
    registration: "Your details make your account; the ID card is used only to check that you are a student here.",
    team: "The council uses the team's details only to run the hackathon and contact its members.",
    suggestion: "The council uses your name and enrollment number only to follow up on your suggestion.",
    ideas: "The council uses your name and enrollment number only to follow up on your idea.",
  },
  /** The success dialogs (app/components/account/success-dialog.tsx). */
  successDialog: {
    home: "Taking you to the home page…",
    back: "Taking you back to the page you asked for…",
  },
  join: {
    heading: "Join the {{product}}",
    intro: "Be part of the team that organises events, runs the clubs and speaks for students.",
    name: { label: "Full Name", missing: "Please enter your full name." },
    email: { label: "Email", missing: "Please enter your email address.", invalid: "Invalid email address." },
    phone: { label: "Phone Number", missing: "Please enter your phone number.", invalid: "Invalid phone number." },
    enrollment: { label: "Enrollment Number", missing: "Please enter your enrollment number." },
    dob: {
      missing: "Please enter your date of birth.",
      invalid: "Please enter a valid date of birth.",
      tooEarly: "Date of birth cannot be before 1900.",
      notPast: "Date of birth must be in the past.",
    },
    gender: {
      label: "Gender",
      missing: "Please select your gender.",
      male: "Male",
      female: "Female",
      // The value sent is "Other"; the visitor reads "Prefer not to say".
      other: "Prefer not to say",
    },
    college: { label: "College", missing: "Please select your college." },
    department: { label: "Department", missing: "Please select your department." },
    year: {
      label: "Year of Study",
      missing: "Please select your year of study.",
      first: "1st Year",
      second: "2nd Year",
      third: "3rd Year",
      fourth: "4th Year",
    },
    club: { label: "Club", missing: "Please select a club." },
    motivation: { label: "Why do you want to join?", missing: "Please tell us why you want to join." },
    terms: {
      missing: "Please accept the terms & conditions.",
      // <link>…</link> is the link to the privacy notice.
      label: "I accept all <link>terms and conditions</link>",
    },
    submit: "Submit Application",
    pending: "Submitting...",
    success: "Form submitted successfully!",
    failure: "Failed to submit. Try again.",
  },
  suggestion: {
    heading: "Suggestion Box",
    intro: "Share your problems and suggestions to help improve our council.",
    name: { label: "Your Name", missing: "Please enter your name." },
    enrollment: { label: "Enrollment Number", missing: "Please enter your enrollment number." },
    college: { label: "College", missing: "Please enter your college." },
    problem: { label: "Describe the problem", missing: "Please describe the problem." },
    solution: { label: "Your suggestion or solution", missing: "Please share your suggestion or solution." },
    submit: "Submit Suggestion",
    pending: "Submitting...",
    success: "Suggestion submitted successfully!",
    /** When the suggestion could not be kept: the site's wording for a form that failed to send. */
    failure: "Failed to submit. Try again.",
  },
  ideas: {
    heading: "Ideas & Innovation",
    intro: "Got an idea that could make campus life better? Tell us what it is and the change it would bring.",
    name: { label: "Your Name", missing: "Please enter your name." },
    enrollment: { label: "Enrollment Number", missing: "Please enter your enrollment number." },
    college: { label: "College Name", missing: "Please enter your college name." },
    title: { label: "Title of Your Idea", missing: "Please give your idea a title." },
    description: {
      label: "Describe your idea",
      missing: "Please describe your idea.",
      placeholder: "Describe your idea in detail...",
    },
    impact: {
      label: "What impact or change will this idea bring?",
      missing: "Please describe the impact or change your idea will bring.",
    },
    submit: "Submit Idea",
    pending: "Submitting...",
    /** The confirmation, with its rocket. */
    success: "Idea submitted successfully! 🚀",
    failure: "Failed to submit. Try again.",
  },
  login: {
    collegeId: {
      label: "College ID",
      missing: "Please enter your College ID.",
      hint: "Your College ID is the Enrollment Number you gave when you registered.",
    },
    password: {
      label: "Password",
      missing: "Please enter your password.",
      hint: "Your password is your date of birth written DDMMYYYY, for example 05092004 for 5 September 2004.",
    },
    submit: "Login",
    pending: "Logging in...",
    rejected: "Invalid College ID or Password.",
    unavailable: "Unable to connect to the server. Try again later.",
    success: "Login Successful!",
    tooMany: "Too many failed login attempts. Please try again in {{wait}}.",
  },
  /** The ID card upload of the registration and of "This College ID is mine" (id-card-field.tsx, id-card.server.ts). */
  idCard: {
    label: "ID Card",
    hint: "A photo or scan of your college ID card: PNG, JPEG, GIF or WebP, at most 5 MB.",
    preview: "Preview of your ID card ({{name}})",
    missing: "Please choose an image of your ID card.",
    notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
    tooLarge: "The ID card image must be 5 MB or smaller.",
    chooseFileAgain:
      "Browsers cannot keep a chosen file after a failed submit: if the ID Card field is empty, please choose the image again.",
  },
  registration: {
    username: { label: "Full Name", missing: "Please enter your full name." },
    email: { label: "Email", missing: "Please enter your email.", invalid: "Invalid email address." },
    enrollment: { label: "Enrollment Number", missing: "Please enter your enrollment number." },
    college: { label: "College Name", missing: "Please enter your college name." },
    branch: { label: "Branch", missing: "Please enter your branch." },
    phone: {
      label: "Phone Number",
      missing: "Phone number must be 10 digits.",
      invalid: "Phone number must be 10 digits.",
    },
    dob: {
      missing: "Please enter your date of birth.",
      invalid: "Please enter a real date of birth.",
      tooEarly: "Please enter a real date of birth.",
      notPast: "The date of birth must be in the past.",
    },
    gender: {
      label: "Gender",
      placeholder: "Select gender",
      missing: "Please select your gender.",
      male: "Male",
      female: "Female",
      other: "Other",
    },
    consent: {
      // <link>…</link> is the link to the privacy notice.
      label: "I agree that the council keeps these details as <link>the privacy notice</link> says.",
      missing: "Please agree to the privacy notice to register.",
    },
    /** After a refusal because the College ID already has an account: "<link>" goes to /college-id-claim. */
    collegeIdTaken:
      "Is this College ID yours, and did someone else register with it? <link>Tell the council: This College ID is mine</link>",
    submit: "Register",
    pending: "Registering...",
    success: "Registration Successful!",
    failed: "Something went wrong!",
  },
  collegeIdClaim: {
    username: { label: "Full Name", missing: "Please enter your full name." },
    email: { label: "Email", missing: "Please enter your email.", invalid: "Invalid email address." },
    enrollment: { label: "Enrollment Number", missing: "Please enter your enrollment number." },
    consent: {
      label: "I agree that the council keeps these details as <link>the privacy notice</link> says.",
      missing: "Please agree to the privacy notice to send this.",
    },
    purpose: "The council uses your details and ID card only to decide whose the College ID is, and to write to you.",
    submit: "Send to the council",
    pending: "Sending...",
    sent: "We sent your message to the council. They will compare both ID cards and write to you.",
    failed: "Something went wrong! Please try again later.",
  },
  /**
   * A backend's refusals a student reads, one text for each code of StudentRefusal (app/types/refusals.ts): said in
   * the page's language by refusalText (app/server/forms/refusals.server.ts) through i18next, never matched as text.
   */
  refusals: {
    collegeIdTaken: "An account with this Enrollment Number already exists.",
    collegeIdReserved:
      "This College ID is kept for the student the council found it belongs to. If it is yours, register with the e-mail address you gave the council.",
    collegeIdInvalid: "This Enrollment Number cannot be used as a College ID.",
    emailTaken:
      "This email address is already confirmed for another account. If that account is yours, log in with its College ID; if not, write to the council.",
    emailInvalid: "Invalid email address.",
    emailDisowned:
      "The owner of this email address said this account is not theirs, so no link is sent to it. If you typed the address by mistake, delete this account and register again with your own address.",
    emailAlreadyConfirmed: "Your e-mail address is already confirmed.",
    noEmailToConfirm: "Your account has no e-mail address to confirm. Please write to the council.",
    phoneTaken: "An account with this phone number already exists.",
    phoneInvalid: "Phone number must be 10 digits.",
    nameInvalid: "Please enter your full name.",
    invalidDateOfBirth: "Date of birth must be a valid date.",
    mailOff: "This site cannot send e-mail at the moment, so no link can be sent. Please try again later.",
    notSignedIn: "You are not signed in.",
    noCopyKept: "This site keeps no copy of your data.",
    noAccountToClaim: "No account uses this College ID now: you can register with it.",
    claimPending: "The council already has your message about this College ID. They will write to you.",
    alreadyApplied:
      "We already have your application, received on {{date, indianTime}}. The council will get back to you about it: there is no need to apply again.",
    teamNameTaken: 'A team named "{{team}}" is already registered.',
    inAnotherTeam: "{{email}} is already a member of another team.",
    inThisTeam: "{{email}} is already in this team.",
    listedTwice: "{{email}} is listed more than once in this team.",
    teamFull: "Your team already has {{max}} members.",
    notYourTeam: "This is not a team you lead.",
    linksToday:
      "We have sent several links to this address today. Please check your inbox and spam folder, or ask again tomorrow.",
    addedMeanwhile:
      "One of the addresses was added to another team meanwhile. Nothing was changed; please press the button again.",
    councilApiSaid: "{{message}}",
  },
  /** The e-mail confirmation link's page and the profile's "Send the link again" (app/routes/verify-email.tsx). */
  verifyEmail: {
    incomplete: "This link is not complete. Open the link from the e-mail again.",
    confirmed: "Your e-mail address is confirmed.",
    used: "This link has already been used. If your address is confirmed, your profile says so.",
    expired:
      "This link has expired (links work for 24 hours). Log in and press “Send the link again” on your profile for a new one.",
    unknown:
      "This link is not valid. It may be incomplete, or a newer link was sent since: use the newest e-mail, or log in and ask for a new link on your profile.",
    taken:
      "Another account has already confirmed this e-mail address, so this one cannot. If you did not create that account, write to the council.",
    failed: "Your address could not be confirmed right now. Please try again in a few minutes.",
    linkSent: "We sent a new link to your e-mail address. It works once, for 24 hours.",
    notOffered: "This site does not confirm e-mail addresses.",
    tooManyLinks:
      "We have sent you several links already. Please check your inbox and spam folder, or ask again in {{wait}}.",
    signInFirst:
      "Log in to the account this link is for first, then press Confirm: only that account's holder can confirm its address.",
    wrongAccount:
      "This link is for another account than the one you are logged in to, so it confirms nothing here. Log out and log in with the College ID the link names; if that account is not yours, press “This was not me”.",
    disowned:
      "Done: that account has no claim to your address any more, and this link no longer works. You can register your own account with the address.",
  },
  /** The profile's Logout button. */
  logout: {
    done: "You have been logged out.",
    failed: "Logout failed. You are still signed in.",
    notAvailable: "That action is not available on this page.",
  },
  deleteAccount: {
    collegeId: { label: "Type your College ID to confirm" },
    submit: "Delete my account for good",
    pending: "Deleting...",
    confirmRequired: "Type your College ID to confirm.",
    wrongCollegeId: "That is not your College ID. Nothing was deleted.",
    done: "Your account and everything you sent were erased.",
    failed: "Your data could not be erased right now. Nothing was deleted; please try again in a few minutes.",
  },
  /** The hackathon team registration at /sih/registration (app/components/team/*). */
  team: {
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
  },
  /** One member's row: the team form's, and "Add a member" on /sih/team/add-member. */
  member: {
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
  },
  /** A member's own page (/sih/team-member) and the leader's "Add a member" (/sih/team/add-member). */
  teamMember: {
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
    notYours: "This is not a team you lead, or it no longer exists.",
    full: "Your team already has {{max}} members.",
    // The leader's link, while the members wait for the leader's word
    tell: "Tell my team's members",
    telling: "Telling them...",
    told: "Your team's members have been told: each got an e-mail with their own link.",
    toldExcept:
      "Your team's members have been told, except {{emails}}: these addresses are already in another team, so they were left out of yours. Add other members from your profile.",
  },
} as const;
