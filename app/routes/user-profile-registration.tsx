import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useActionData } from "react-router";
import { EnhancedSubmissionInput, isEnhancedSubmission } from "~/components/account/enhanced-submission";
import { IdCardField } from "~/components/account/id-card-field";
import { SuccessDialog } from "~/components/account/success-dialog";
import { PhoneField } from "~/components/forms/phone-field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import {
  CheckboxField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/forms/field";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import {
  genders,
  idCardMaxBytes,
  registrationConstraint,
  registrationMessages,
  registrationSuccessDialogMs,
} from "~/forms/user-registration";
import { userRegistrationSchema } from "~/forms/user-registration-schema";
import { metaFor } from "~/lib/meta";
import { identity } from "~/server/backend/index.server";
import { site } from "~/server/content.server";
import { checkIdCard } from "~/server/id-card.server";
import { formSizeLimits } from "~/server/request.server";
import { formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/user-profile-registration";

export const meta = metaFor("/userProfileRegistration");

export const headers = formHeaders;

export function loader() {
  return { product: site.name };
}

export async function action({ request }: Route.ActionArgs) {
  const received = await receive(request, {
    schema: userRegistrationSchema,
    limit: "register",
    maxBytes: formSizeLimits.withIdCard,
    maxFileBytes: idCardMaxBytes,
    honeypot: (formData) => registered(isEnhancedSubmission(formData)),
  });
  if (!received.ok) return received.response;

  const { idCard: file, consent: _consent, ...registration } = received.value;
  const idCard = await checkIdCard(file);
  if (!idCard.ok) return received.fail("refused", idCard.message, { field: "idCard" });

  const outcome = await identity.registerAccount({
    ...registration,
    idCard: { mediaType: idCard.mediaType, bytes: idCard.bytes },
  });
  if (outcome.ok) return registered(isEnhancedSubmission(received.formData));
  if (outcome.reason === "rejected") return received.fail("refused", outcome.message ?? registrationMessages.failed);
  return received.fail("unavailable", registrationMessages.failed);
}

/** With scripts the page shows the 'Registration Successful!' dialog; without, the home page shows it as a toast. */
async function registered(enhanced: boolean) {
  if (enhanced) return data({ registered: true } as const);
  return redirectWithSuccess("/", registrationMessages.success);
}

// The page loads the schema (and zod) after its first render; the action above parses with it on the server.
const loadRegistrationSchema = () =>
  import("~/forms/user-registration-schema").then((module) => module.userRegistrationSchema);

const genderOptions = genders.map((gender) => ({ value: gender, label: gender }));

export default function UserProfileRegistration({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const registeredNow = actionData !== undefined && "registered" in actionData;
  const lastResult = actionData !== undefined && !("registered" in actionData) ? actionData : undefined;
  // A file input cannot be refilled by the page: after a failed submit the visitor may have to choose it again.
  const fileNote = lastResult?.status === "error" ? registrationMessages.chooseFileAgain : undefined;

  const [form, fields] = useSchemaForm(loadRegistrationSchema, lastResult, registrationConstraint);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-center text-3xl font-bold text-ink">User Registration</h1>
        <p className="mt-2 text-center text-slate-600">
          Join the {loaderData.product}: create your account to sign in and see your profile.
        </p>

        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-5">
          <EnhancedSubmissionInput />
          <HoneypotField />
          <FormMessage id={form.errorId} messages={form.errors} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField meta={fields.username} label="Full Name" autoComplete="name" />
            <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <TextField
              meta={fields.enrollment}
              label="Enrollment Number"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField meta={fields.college} label="College Name" autoComplete="organization" />
            <TextField meta={fields.branch} label="Branch" />
            <PhoneField meta={fields.phone} label="Phone Number" />
            <TextField meta={fields.dob} label="Date of Birth" type="date" autoComplete="bday" />
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

        <p className="mt-6 text-center text-slate-700">
          Already registered?{" "}
          <Link to="/login" className="font-semibold text-accent underline underline-offset-2">
            Login
          </Link>
        </p>
      </div>
      {registeredNow ? (
        <SuccessDialog message={registrationMessages.success} afterMs={registrationSuccessDialogMs} />
      ) : null}
    </div>
  );
}
