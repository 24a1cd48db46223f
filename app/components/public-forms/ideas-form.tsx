import type { SubmissionResult } from "@conform-to/react";
import { ideaConstraint } from "~/forms/ideas";
import type { FormTexts } from "~/forms/texts";
import { TextAreaField, TextField } from "~/components/form-fields/field";
import { StudentNoteForm } from "./student-note-form";
import { useFormTexts } from "~/components/form-fields/use-form-texts";

// The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
const loadIdeaSchema = (texts: FormTexts) =>
  import("~/forms/ideas-schema").then((module) => module.createIdeaSchema(texts));
const ideaWords = (texts: FormTexts) => texts.ideas;

/** The Ideas & Innovation form: who is writing, then the idea's title, what it is and the change it would bring. */
export function IdeasForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { ideas } = useFormTexts();
  return (
    <StudentNoteForm
      loadSchema={loadIdeaSchema}
      constraint={ideaConstraint}
      lastResult={lastResult}
      words={ideaWords}
      purpose={(texts) => texts.privacyNote.ideas}
    >
      {(fields) => (
        <>
          <TextField meta={fields.title} label={ideas.title.label} />
          <TextAreaField
            meta={fields.description}
            label={ideas.description.label}
            placeholder={ideas.description.placeholder}
            rows={6}
          />
          <TextAreaField meta={fields.impact} label={ideas.impact.label} rows={4} />
        </>
      )}
    </StudentNoteForm>
  );
}
