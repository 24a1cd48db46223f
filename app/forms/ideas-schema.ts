import { z } from "./zod";
import { longTextMax, noteSender, requiredText } from "./rules";
import type { FormTexts } from "./texts";

// Apart from the form's constraint: the page renders it at once, and loads this (and zod) later.

/** The Ideas form, with its messages in `texts`' language: every field is required, with a length cap. */
export function createIdeaSchema(texts: FormTexts) {
  const ideas = texts.ideas;
  return z.object({
    ...noteSender(texts, ideas),
    title: requiredText(texts, ideas.title),
    description: requiredText(texts, ideas.description, longTextMax),
    impact: requiredText(texts, ideas.impact, longTextMax),
  });
}
