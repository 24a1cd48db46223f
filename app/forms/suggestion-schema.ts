import { z } from "./zod";
import { longTextMax, noteSender, requiredText } from "./rules";
import type { FormTexts } from "./texts";

// Apart from the form's constraint: the page renders it at once, and loads this (and zod) later.

/** The Suggestion box, with its messages in `texts`' language: every field is required, with a length cap. */
export function createSuggestionSchema(texts: FormTexts) {
  const suggestion = texts.suggestion;
  return z.object({
    ...noteSender(texts, suggestion),
    problem: requiredText(texts, suggestion.problem, longTextMax),
    solution: requiredText(texts, suggestion.solution, longTextMax),
  });
}
