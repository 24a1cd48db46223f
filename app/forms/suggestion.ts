import { z } from "zod";
import { longTextMax, requiredText } from "./rules";

/** The Suggestion box: every field is required, with a length cap and no other rule. */
export const suggestionSchema = z.object({
  name: requiredText("Your Name", "Please enter your name."),
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
  college: requiredText("College", "Please enter your college."),
  problem: requiredText("Describe the problem", "Please describe the problem.", longTextMax),
  solution: requiredText("Your suggestion or solution", "Please share your suggestion or solution.", longTextMax),
});

export const suggestionMessages = {
  success: "Suggestion submitted successfully!",
  /** When the suggestion could not be kept: the site's wording for a form that failed to send. */
  failure: "Failed to submit. Try again.",
} as const;
