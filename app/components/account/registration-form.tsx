import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form } from "react-router";
import {
  CheckboxField,
  DateOfBirthField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form-fields/field";
import { PhoneField } from "~/components/form-fields/phone-field";
import { TextWithLink } from "~/components/form-fields/text-with-link";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { registrationConstraint } from "~/forms/user-registration";
import { EnhancedSubmissionInput } from "./enhanced-submission";
import { IdCardField } from "./id-card-field";
import { StudentIdentityFields } from "./student-identity-fields";

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
  const texts = useFormTexts();
  const { registration } = texts;
  // The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
  const loadRegistrationSchema = useCallback(
    () => import("~/forms/user-registration-schema").then((module) => module.createUserRegistrationSchema(texts)),
    [texts],
  );
  const genderOptions = [
    { value: "Male", label: registration.gender.male },
    { value: "Female", label: registration.gender.female },
    { value: "Other", label: registration.gender.other },
  ];
  // A file input cannot be refilled by the page: after a failed submit the visitor may have to choose it again.
  const fileNote = lastResult?.status === "error" ? texts.idCard.chooseFileAgain : undefined;
  const [form, fields] = useSchemaForm(loadRegistrationSchema, lastResult, registrationConstraint);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-5">
      <EnhancedSubmissionInput />
      <HoneypotField />
      <FormMessage id={form.errorId} messages={form.errors} />
      {collegeIdTaken ? (
        <p className="rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
          <TextWithLink text={registration.collegeIdTaken} to="/college-id-claim" />
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <StudentIdentityFields fields={fields} words={registration} />
        <TextField meta={fields.college} label={registration.college.label} autoComplete="organization" />
        <TextField meta={fields.branch} label={registration.branch.label} />
        <PhoneField meta={fields.phone} label={registration.phone.label} />
        <DateOfBirthField meta={fields.dob} />
        <SelectField
          meta={fields.gender}
          label={registration.gender.label}
          options={genderOptions}
          placeholder={registration.gender.placeholder}
        />
      </div>
      <IdCardField meta={fields.idCard} note={fileNote} />
      {/* No `required`: an unticked box reaches the schema, which says why it matters, with or without scripts. */}
      <CheckboxField meta={fields.consent} label={<TextWithLink text={registration.consent.label} to="/privacy" />} />
      <PrivacyNote purpose={texts.privacyNote.registration} />
      <SubmitButton label={registration.submit} pendingLabel={registration.pending} />
    </Form>
  );
}
