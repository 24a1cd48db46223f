import type { SubmissionResult } from "@conform-to/react";
import { suggestionConstraint } from "~/forms/suggestion";
import type { FormTexts } from "~/forms/texts";
import { TextAreaField } from "~/components/form-fields/field";
import { StudentNoteForm } from "./student-note-form";
import { useFormTexts } from "~/components/form-fields/use-form-texts";

// The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
const loadSuggestionSchema = (texts: FormTexts) =>
  import("~/forms/suggestion-schema").then((module) => module.createSuggestionSchema(texts));
const suggestionWords = (texts: FormTexts) => texts.suggestion;

/** The suggestion box: who is writing, then the problem and the suggested solution. */
export function SuggestionForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { suggestion } = useFormTexts();
  return (
    <StudentNoteForm
      loadSchema={loadSuggestionSchema}
      constraint={suggestionConstraint}
      lastResult={lastResult}
      words={suggestionWords}
      purpose={(texts) => texts.privacyNote.suggestion}
    >
      {(fields) => (
        <>
          <TextAreaField meta={fields.problem} label={suggestion.problem.label} rows={4} />
          <TextAreaField meta={fields.solution} label={suggestion.solution.label} rows={4} />
        </>
      )}
    </StudentNoteForm>
  );
}
