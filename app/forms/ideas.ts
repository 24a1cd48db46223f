import { z } from "zod";
import { longTextMax, requiredText } from "./rules";

/** The Ideas form: every field is required, with a length cap and no other rule. */
export const ideaSchema = z.object({
  name: requiredText("Your Name", "Please enter your name."),
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
  college: requiredText("College Name", "Please enter your college name."),
  title: requiredText("Title of Your Idea", "Please give your idea a title."),
  description: requiredText("Describe your idea", "Please describe your idea.", longTextMax),
  impact: requiredText(
    "What impact or change will this idea bring?",
    "Please describe the impact or change your idea will bring.",
    longTextMax,
  ),
});

export const ideaMessages = {
  /** The confirmation, with its rocket. */
  success: "Idea submitted successfully! 🚀",
  /** When the idea could not be kept: the site's wording for a form that failed to send. */
  failure: "Failed to submit. Try again.",
} as const;
