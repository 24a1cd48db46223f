import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import { showToast } from "~/components/shell/toast-area";
import { earliestBirthDate } from "~/forms/dates";
import { colleges, departments, genderOptions, joinToast, yearsOfStudy } from "~/forms/join";
import {
  CheckboxField,
  DateOfBirthField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "./field";
import { PhoneField } from "./phone-field";
import { type FieldConstraints, useSchemaForm } from "./use-schema-form";

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

interface JoinFormProps {
  clubNames: string[];
  /** The last date of birth the picker offers: yesterday in India, decided by the server. */
  latestBirthDate: string;
  /** The fields' HTML constraints, as data, so the first render needs no schema. */
  constraint: FieldConstraints;
  lastResult: SubmissionResult<string[]> | undefined;
}

/**
 * The application to join the council. Each refused submit also shows its first failing rule as a toast (joinToast),
 * in the site's toast area.
 */
export function JoinForm({ clubNames: names, latestBirthDate, constraint, lastResult }: JoinFormProps) {
  const loadSchema = useCallback(
    () => import("~/forms/join-schema").then((module) => module.createJoinSchema(names)),
    [names],
  );

  // With scripts the browser's check of the submit it stops shows the toast, from the same parse as the fields'
  // messages; so is the toast of a reply the server sends later. The page the server sent showed its own reply's toast
  // (the action gave it to the page). A field's check on leaving it updates the form message, not the toast.
  const [form, fields] = useSchemaForm(loadSchema, lastResult, constraint, undefined, showRefusal);
  const [replyOfThePage] = useState(lastResult);
  useEffect(() => {
    if (lastResult === replyOfThePage) return;
    const toast = joinToast(lastResult?.error);
    if (toast) showToast(toast);
  }, [lastResult, replyOfThePage]);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="relative mt-10 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <HoneypotField />
      <TextField meta={fields.name} label="Full Name" autoComplete="name" />
      {/* A text input, not type="email": the form's message, not the browser's, when scripts are off. */}
      <TextField meta={fields.email} label="Email" inputMode="email" autoComplete="email" spellCheck={false} />
      <PhoneField meta={fields.phone} label="Phone Number" />
      <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" />
      <DateOfBirthField meta={fields.dob} min={earliestBirthDate} max={latestBirthDate} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField meta={fields.gender} label="Gender" options={genderOptions} />
        <SelectField meta={fields.college} label="College" options={toOptions(colleges)} />
        <SelectField meta={fields.department} label="Department" options={toOptions(departments)} />
        <SelectField meta={fields.year} label="Year of Study" options={toOptions(yearsOfStudy)} />
      </div>
      <SelectField meta={fields.club} label="Club" options={toOptions(names)} />
      <TextAreaField meta={fields.motivation} label="Why do you want to join?" rows={4} />
      <CheckboxField
        meta={fields.terms}
        label={
          <>
            I accept all{" "}
            <Link to="/privacy" className="font-semibold text-accent underline underline-offset-2">
              terms and conditions
            </Link>
          </>
        }
      />
      {/* The first rule that fails, in the order terms, phone, email; or the backend's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={formPurposes.join} />
      <SubmitButton label="Submit Application" pendingLabel="Submitting..." />
    </Form>
  );
}

/** A submit refused in the browser: its first failing rule as a toast. */
function showRefusal(result: SubmissionResult<string[]>): void {
  const toast = joinToast(result.error);
  if (toast) showToast(toast);
}
