import { z } from "./zod";
import { longTextMax, requiredText, nameText } from "./rules";
import type { FormTexts } from "./texts";

// Apart from the form's constraint: the page renders it at once, and loads this (and zod) later.

/** The Suggestion box, with its messages in `texts`' language: every field is required, with a length cap. */
export function createSuggestionSchema(texts: FormTexts) {
  const suggestion = texts.suggestion;
  return z.object({
    name: nameText(texts, suggestion.name),
    enrollment: requiredText(texts, suggestion.enrollment),
    college: requiredText(texts, suggestion.college),
    problem: requiredText(texts, suggestion.problem, longTextMax),
    solution: requiredText(texts, suggestion.solution, longTextMax),
  });
}
