import type { SubmissionResult } from "@conform-to/react";
import { formPurposes } from "~/components/privacy/privacy-note";
import { ideaConstraint } from "~/forms/ideas";
import { TextAreaField, TextField } from "./field";
import { StudentNoteForm } from "./student-note-form";

// The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
const loadIdeaSchema = () => import("~/forms/ideas-schema").then((module) => module.ideaSchema);

/** The Ideas & Innovation form: who is writing, then the idea's title, what it is and the change it would bring. */
export function IdeasForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  return (
    <StudentNoteForm
      loadSchema={loadIdeaSchema}
      constraint={ideaConstraint}
      lastResult={lastResult}
      collegeLabel="College Name"
      purpose={formPurposes.ideas}
      submitLabel="Submit Idea"
    >
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Title of Your Idea" />
          <TextAreaField
            meta={fields.description}
            label="Describe your idea"
            placeholder="Describe your idea in detail..."
            rows={6}
          />
          <TextAreaField meta={fields.impact} label="What impact or change will this idea bring?" rows={4} />
        </>
      )}
    </StudentNoteForm>
  );
}
