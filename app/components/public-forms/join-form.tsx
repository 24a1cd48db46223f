import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useState } from "react";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { showToast } from "~/components/shell/toast-area";
import { earliestBirthDate } from "~/forms/dates";
import { colleges, departments, genderOptions, joinToast, yearOptions } from "~/forms/join";
import {
  CheckboxField,
  DateOfBirthField,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/form-fields/field";
import { PhoneField } from "~/components/form-fields/phone-field";
import { TextWithLink } from "~/components/form-fields/text-with-link";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { type FieldConstraints, useSchemaForm } from "~/components/form-fields/use-schema-form";
import { PublicFormCard } from "./public-form-card";

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
  const texts = useFormTexts();
  const { join } = texts;
  const loadSchema = useCallback(
    () => import("~/forms/join-schema").then((module) => module.createJoinSchema(texts, names)),
    [texts, names],
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
    <PublicFormCard form={form}>
      <TextField meta={fields.name} label={join.name.label} autoComplete="name" />
      {/* A text input, not type="email": the form's message, not the browser's, when scripts are off. */}
      <TextField
        meta={fields.email}
        label={join.email.label}
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
      />
      <PhoneField meta={fields.phone} label={join.phone.label} />
      <TextField meta={fields.enrollment} label={join.enrollment.label} autoCapitalize="characters" />
      <DateOfBirthField meta={fields.dob} min={earliestBirthDate} max={latestBirthDate} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField meta={fields.gender} label={join.gender.label} options={genderOptions(texts)} />
        <SelectField meta={fields.college} label={join.college.label} options={toOptions(colleges)} />
        <SelectField meta={fields.department} label={join.department.label} options={toOptions(departments)} />
        <SelectField meta={fields.year} label={join.year.label} options={yearOptions(texts)} />
      </div>
      <SelectField meta={fields.club} label={join.club.label} options={toOptions(names)} />
      <TextAreaField meta={fields.motivation} label={join.motivation.label} rows={4} />
      <CheckboxField meta={fields.terms} label={<TextWithLink text={join.terms.label} to="/privacy" />} />
      {/* The first rule that fails, in the order terms, phone, email; or the backend's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={texts.privacyNote.join} />
      <SubmitButton label={join.submit} pendingLabel={join.pending} />
    </PublicFormCard>
  );
}

/** A submit refused in the browser: its first failing rule as a toast. */
function showRefusal(result: SubmissionResult<string[]>): void {
  const toast = joinToast(result.error);
  if (toast) showToast(toast);
}
