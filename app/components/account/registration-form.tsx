import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import {
  CheckboxField,
  DateOfBirthField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/forms/field";
import { PhoneField } from "~/components/forms/phone-field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import { genders, registrationConstraint, registrationMessages } from "~/forms/user-registration";
import { EnhancedSubmissionInput } from "./enhanced-submission";
import { IdCardField } from "./id-card-field";

// The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
const loadRegistrationSchema = () =>
  import("~/forms/user-registration-schema").then((module) => module.userRegistrationSchema);

const genderOptions = genders.map((gender) => ({ value: gender, label: gender }));

/**
 * The account registration form, with the student's ID card photo. `collegeIdTaken`: the last submit was refused
 * because the College ID already has an account, and the council can be told it is this student's.
 */
export function RegistrationForm({
  lastResult,
  collegeIdTaken = false,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  collegeIdTaken?: boolean;
}) {
  // A file input cannot be refilled by the page: after a failed submit the visitor may have to choose it again.
  const fileNote = lastResult?.status === "error" ? registrationMessages.chooseFileAgain : undefined;
  const [form, fields] = useSchemaForm(loadRegistrationSchema, lastResult, registrationConstraint);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-5">
      <EnhancedSubmissionInput />
      <HoneypotField />
      <FormMessage id={form.errorId} messages={form.errors} />
      {collegeIdTaken ? (
        <p className="rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
          Is this College ID yours, and did someone else register with it?{" "}
          <Link to="/college-id-claim" className="font-semibold text-accent underline underline-offset-2">
            Tell the council: This College ID is mine
          </Link>
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.username} label="Full Name" autoComplete="name" />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" spellCheck={false} />
        <TextField meta={fields.college} label="College Name" autoComplete="organization" />
        <TextField meta={fields.branch} label="Branch" />
        <PhoneField meta={fields.phone} label="Phone Number" />
        <DateOfBirthField meta={fields.dob} />
        <SelectField meta={fields.gender} label="Gender" options={genderOptions} placeholder="Select gender" />
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
      <PrivacyNote purpose={formPurposes.registration} />
      <SubmitButton label="Register" pendingLabel="Registering..." />
    </Form>
  );
}
