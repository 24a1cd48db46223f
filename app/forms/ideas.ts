import { z } from "zod";
import { joinMessages, longTextMax, requiredText } from "./join";

/** Section 2, "Ideas": all six fields required (section 5), nothing else beyond a sane length cap. */
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

/** Section 8: the confirmation, with its rocket. */
export const ideaSuccessMessage = "Idea submitted successfully! 🚀";

/** When the idea could not be kept (decision 0008): the specification's wording for a form that failed to send. */
export const ideaFailureMessage = joinMessages.failure;
