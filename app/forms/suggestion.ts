import { z } from "zod";
import { joinMessages, longTextMax, requiredText } from "./join";

/** Section 2, "Suggestion box": all five fields required, no other rule (section 5). */
export const suggestionSchema = z.object({
  name: requiredText("Your Name", "Please enter your name."),
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
  college: requiredText("College", "Please enter your college."),
  problem: requiredText("Describe the problem", "Please describe the problem.", longTextMax),
  solution: requiredText("Your suggestion or solution", "Please share your suggestion or solution.", longTextMax),
});

/** Section 4 and 8. */
export const suggestionSuccessMessage = "Suggestion submitted successfully!";

/** When the suggestion could not be kept (decision 0008): the specification's wording for a form that failed to send. */
export const suggestionFailureMessage = joinMessages.failure;
