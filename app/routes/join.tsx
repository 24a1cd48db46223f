import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useCallback, useState } from "react";
import { Form, Link } from "react-router";
import type { ToastMessage } from "remix-toast";
import {
  CheckboxField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/forms/field";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import { PhoneField } from "~/components/forms/phone-field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PageHeader } from "~/components/page-header";
import { ToastArea } from "~/components/shell/toast-area";
import { colleges, departments, genderOptions, joinMessages, joinToastDurationMs, yearsOfStudy } from "~/forms/join";
import { createJoinSchema } from "~/forms/join-schema";
import { earliestBirthDate, todayInIndia } from "~/forms/dates";
import { metaFor } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { clubs, site } from "~/server/content.server";
import { backendFailure, formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/join";

export const meta = metaFor("/join");

export const headers = formHeaders;

// Called only by the loader and the action, so the browser bundle drops it (and the server data) along with them.
function clubNames() {
  return clubs.map((club) => club.name);
}

export function loader() {
  // The date picker offers dates up to yesterday in India (a date of birth must be in the past). The server's clock
  // decides, so the page renders the same on both sides.
  const yesterday = todayInIndia(new Date(Date.now() - 24 * 60 * 60 * 1000));
  const names = clubNames();
  // The fields' HTML constraints come as data, so the page renders them before the schema (and zod) has loaded. No
  // `required` on the terms box: an unticked box must reach our check, which answers with the form's warning.
  const constraint = { ...getZodConstraint(createJoinSchema(names)), terms: {} };
  return { product: site.name, clubNames: names, latestBirthDate: yesterday, constraint };
}

export async function action({ request }: Route.ActionArgs) {
  const success = { message: joinMessages.success, duration: joinToastDurationMs };
  const received = await receive(request, {
    schema: createJoinSchema(clubNames()),
    limit: "join",
    honeypot: () => redirectWithSuccess("/", success),
  });
  if (!received.ok) return received.response;

  const outcome = await submissions.applyToCouncil(received.value);
  if (!outcome.ok) {
    // A refusal that says why (the student applied before) is shown as it is; any other failure gets the form's
    // message. Either way the form stays with the entries kept: the reply carries them back.
    if (outcome.reason === "rejected" && outcome.message) return received.fail("conflict", outcome.message);
    return received.fail(backendFailure(outcome), joinMessages.failure);
  }
  // The visitor goes home with the confirmation: the server redirect carries the toast there.
  return redirectWithSuccess("/", success);
}

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { product, latestBirthDate } = loaderData;
  const { clubNames: names } = loaderData;
  const loadSchema = useCallback(
    () => import("~/forms/join-schema").then((module) => module.createJoinSchema(names)),
    [names],
  );

  const [form, fields, parse] = useSchemaForm(loadSchema, actionData, loaderData.constraint);

  // Each refused submit also shows its first failing rule as a toast: a warning for the terms, an error otherwise. The
  // server's reply brings it without scripts (or when the backend failed); with scripts the same schema is run on the
  // submit that the browser stops. Blur checks update the form message, not the toast.
  const [toast, setToast] = useState(() => toastFor(actionData?.error));
  const [repliedTo, setRepliedTo] = useState(actionData);
  if (actionData !== repliedTo) {
    // A new reply from the server: its toast is shown in the same render.
    setRepliedTo(actionData);
    const fromServer = toastFor(actionData?.error);
    if (fromServer) setToast(fromServer);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader
        title={`Join the ${product}`}
        intro="Be part of the team that organises events, runs the clubs and speaks for students."
      />
      <ToastArea toast={toast} />
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmitCapture={(event) => {
          // Before the schema has loaded the submit goes to the server, whose reply brings the toast.
          const result = parse?.(new FormData(event.currentTarget));
          if (result && result.status !== "success") setToast(toastFor(result.reply().error));
        }}
        className="relative mt-10 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <HoneypotField />
        <TextField meta={fields.name} label="Full Name" autoComplete="name" />
        {/* A text input, not type="email": the form's message, not the browser's, when scripts are off. */}
        <TextField meta={fields.email} label="Email" inputMode="email" autoComplete="email" spellCheck={false} />
        <PhoneField meta={fields.phone} label="Phone Number" />
        <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" />
        <TextField
          meta={fields.dob}
          label="Date of Birth"
          type="date"
          min={earliestBirthDate}
          max={latestBirthDate}
          autoComplete="bday"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField meta={fields.gender} label="Gender" options={genderOptions} />
          <SelectField meta={fields.college} label="College" options={toOptions(colleges)} />
          <SelectField meta={fields.department} label="Department" options={toOptions(departments)} />
          <SelectField meta={fields.year} label="Year of Study" options={toOptions(yearsOfStudy)} />
        </div>
        <SelectField meta={fields.club} label="Club" options={toOptions(loaderData.clubNames)} />
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
    </div>
  );
}

function toastFor(error: Record<string, string[] | null> | null | undefined): ToastMessage | undefined {
  const message = error?.[""]?.[0];
  if (!message) return undefined;
  return { type: error?.terms ? "warning" : "error", message, duration: joinToastDurationMs };
}
