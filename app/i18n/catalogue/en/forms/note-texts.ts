/**
 * The suggestion box's and the ideas form's words: one part of the catalogue's forms area (en/forms.ts).
 */

export const suggestion = {
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
} as const;

export const ideas = {
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
} as const;
