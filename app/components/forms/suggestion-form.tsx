import type { SubmissionResult } from "@conform-to/react";
import { formPurposes } from "~/components/privacy/privacy-note";
import { suggestionConstraint } from "~/forms/suggestion";
import { TextAreaField } from "./field";
import { StudentNoteForm } from "./student-note-form";

// The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
const loadSuggestionSchema = () => import("~/forms/suggestion-schema").then((module) => module.suggestionSchema);

/** The suggestion box: who is writing, then the problem and the suggested solution. */
export function SuggestionForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  return (
    <StudentNoteForm
      loadSchema={loadSuggestionSchema}
      constraint={suggestionConstraint}
      lastResult={lastResult}
      collegeLabel="College"
      purpose={formPurposes.suggestion}
      submitLabel="Submit Suggestion"
    >
      {(fields) => (
        <>
          <TextAreaField meta={fields.problem} label="Describe the problem" rows={4} />
          <TextAreaField meta={fields.solution} label="Your suggestion or solution" rows={4} />
        </>
      )}
    </StudentNoteForm>
  );
}
