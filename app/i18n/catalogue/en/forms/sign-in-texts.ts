/**
 * The account forms' words: logging in, registering with an ID card, claiming a College ID, confirming the
 * e-mail address: one part of the catalogue's forms area (en/forms.ts).
 */

export const login = {
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
} as const;

/** The ID card upload of the registration and of "This College ID is mine" (id-card-field.tsx, id-card.server.ts). */
export const idCard = {
  label: "ID Card",
  hint: "A photo or scan of your college ID card: PNG, JPEG, GIF or WebP, at most 5 MB.",
  preview: "Preview of your ID card ({{name}})",
  missing: "Please choose an image of your ID card.",
  notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
  tooLarge: "The ID card image must be 5 MB or smaller.",
  chooseFileAgain:
    "Browsers cannot keep a chosen file after a failed submit: if the ID Card field is empty, please choose the image again.",
} as const;

export const registration = {
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
} as const;

export const collegeIdClaim = {
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
} as const;

/** The e-mail confirmation link's page and the profile's "Send the link again" (app/routes/verify-email.tsx). */
export const verifyEmail = {
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
} as const;
