import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form } from "react-router";
import { CheckboxField, FormMessage, HoneypotField, SubmitButton } from "~/components/form-fields/field";
import { TextWithLink } from "~/components/form-fields/text-with-link";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { everyFieldRequired } from "~/forms/constraints";
import { IdCardField } from "./id-card-field";
import { StudentIdentityFields } from "./student-identity-fields";

// The schema (and zod) load after the first render; the route's action parses with the same schema on the server.

/** The fields' HTML constraints as data, so the page renders them before the schema has loaded. */
export const collegeIdClaimConstraint = everyFieldRequired(["username", "email", "enrollment", "idCard"]);

/** "This College ID is mine": the student's name, College ID, e-mail and their own ID card, for the council. */
export function CollegeIdClaimForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  // A file input cannot be refilled by the page: after a failed submit the visitor may have to choose it again.
  const texts = useFormTexts();
  const { collegeIdClaim: claim } = texts;
  const loadClaimSchema = useCallback(
    () => import("~/forms/college-id-claim").then((module) => module.createCollegeIdClaimSchema(texts)),
    [texts],
  );
  const fileNote = lastResult?.status === "error" ? texts.idCard.chooseFileAgain : undefined;
  const [form, fields] = useSchemaForm(loadClaimSchema, lastResult, collegeIdClaimConstraint);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-5">
      <HoneypotField />
      <FormMessage id={form.errorId} messages={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <StudentIdentityFields fields={fields} words={claim} />
      </div>
      <IdCardField meta={fields.idCard} note={fileNote} />
      {/* No `required`: an unticked box reaches the schema, which says why it matters, with or without scripts. */}
      <CheckboxField meta={fields.consent} label={<TextWithLink text={claim.consent.label} to="/privacy" />} />
      <PrivacyNote purpose={claim.purpose} />
      <SubmitButton label={claim.submit} pendingLabel={claim.pending} />
    </Form>
  );
}
