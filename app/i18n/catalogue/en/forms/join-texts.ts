/**
 * The join form's words: one part of the catalogue's forms area (en/forms.ts).
 */

export const join = {
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
} as const;
