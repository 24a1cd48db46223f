import { z } from "zod";
import { longTextMax, requiredText } from "./join";

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
