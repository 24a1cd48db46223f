import { z } from "./zod";
import { longTextMax, englishRequiredText as requiredText } from "./rules";

// Apart from the form's messages: the page renders those at once, and loads this (and zod) later.

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
