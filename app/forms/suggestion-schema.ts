import { z } from "./zod";
import { longTextMax, englishRequiredText as requiredText } from "./rules";

// Apart from the form's messages: the page renders those at once, and loads this (and zod) later.

/** The Suggestion box: every field is required, with a length cap and no other rule. */
export const suggestionSchema = z.object({
  name: requiredText("Your Name", "Please enter your name."),
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
  college: requiredText("College", "Please enter your college."),
  problem: requiredText("Describe the problem", "Please describe the problem.", longTextMax),
  solution: requiredText("Your suggestion or solution", "Please share your suggestion or solution.", longTextMax),
});
