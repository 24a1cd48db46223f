import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CheckboxField, FormMessage, HoneypotField, SubmitButton, TextField } from "~/components/forms/field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { everyFieldRequired } from "~/forms/constraints";
import { registrationMessages } from "~/forms/user-registration";
import { IdCardField } from "./id-card-field";

// The schema (and zod) load after the first render; the route's action parses with the same schema on the server.
const loadClaimSchema = () => import("~/forms/college-id-claim").then((module) => module.collegeIdClaimSchema);

/** The fields' HTML constraints as data, so the page renders them before the schema has loaded. */
export const collegeIdClaimConstraint = everyFieldRequired(["username", "email", "enrollment", "idCard"]);

/** "This College ID is mine": the student's name, College ID, e-mail and their own ID card, for the council. */
export function CollegeIdClaimForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  // A file input cannot be refilled by the page: after a failed submit the visitor may have to choose it again.
  const fileNote = lastResult?.status === "error" ? registrationMessages.chooseFileAgain : undefined;
  const [form, fields] = useSchemaForm(loadClaimSchema, lastResult, collegeIdClaimConstraint);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-5">
      <HoneypotField />
      <FormMessage id={form.errorId} messages={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.username} label="Full Name" autoComplete="name" />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" spellCheck={false} />
      </div>
      <IdCardField meta={fields.idCard} note={fileNote} />
      {/* No `required`: an unticked box reaches the schema, which says why it matters, with or without scripts. */}
      <CheckboxField
        meta={fields.consent}
        label={
          <>
            I agree that the council keeps these details as{" "}
            <Link to="/privacy" className="font-semibold text-accent underline underline-offset-2">
              the privacy notice
            </Link>{" "}
            says.
          </>
        }
      />
      <PrivacyNote purpose="The council uses your details and ID card only to decide whose the College ID is, and to write to you." />
      <SubmitButton label="Send to the council" pendingLabel="Sending..." />
    </Form>
  );
}
