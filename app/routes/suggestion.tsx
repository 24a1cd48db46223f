import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage, HoneypotField, SubmitButton, TextAreaField, TextField } from "~/components/forms/field";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import { PageHeader } from "~/components/page-header";
import { suggestionFailureMessage, suggestionSchema, suggestionSuccessMessage } from "~/forms/suggestion";
import { pageMeta } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/suggestion";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0]?.loaderData?.site, {
    title: "Suggestion Box",
    description: "Share your problems and suggestions to help improve our council.",
    path: "/suggestion",
  });
}

export const headers = formHeaders;

/**
 * Section 4: "submitting for a simulated 500 ms". Kept on the server so the specified submitting state
 * ("Submitting...", button disabled) is really seen, as on the earlier site; it costs a timer, not a thread.
 */
const suggestionDelayMs = 500;

export async function action({ request }: Route.ActionArgs) {
  const received = await receive(request, {
    schema: suggestionSchema,
    limit: "suggestion",
    honeypot: confirmAfterDelay,
  });
  if (!received.ok) return received.response;
  // Sections 1 and 7 send a suggestion nowhere. The built-in store keeps it for the council inbox (decision 0008);
  // the council API adapter still only confirms. Saving runs during the specified delay, not after it.
  const [outcome] = await Promise.all([submissions.sendSuggestion(received.value), simulatedDelay()]);
  if (!outcome.ok) {
    return data(received.reply({ formErrors: [suggestionFailureMessage] }), {
      status: outcome.reason === "unavailable" ? 503 : 502,
    });
  }
  return confirmed();
}

function simulatedDelay() {
  return new Promise((resolve) => setTimeout(resolve, suggestionDelayMs));
}

// Post/redirect/get: the page comes back empty (section 4: "the form is cleared"), with or without scripts.
const confirmed = () => redirectWithSuccess("/suggestion", suggestionSuccessMessage);

async function confirmAfterDelay() {
  await simulatedDelay();
  return confirmed();
}

export default function Suggestion({ actionData }: Route.ComponentProps) {
  // A new location after the success redirect gives a fresh, empty form when scripts run.
  const { key } = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader title="Suggestion Box" intro="Share your problems and suggestions to help improve our council." />
      <SuggestionForm key={key} lastResult={actionData} />
    </div>
  );
}

function SuggestionForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useSchemaForm(suggestionSchema, lastResult);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="relative mt-10 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <HoneypotField />
      <TextField meta={fields.name} label="Your Name" autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" />
        <TextField meta={fields.college} label="College" autoComplete="organization" />
      </div>
      <TextAreaField meta={fields.problem} label="Describe the problem" rows={4} />
      <TextAreaField meta={fields.solution} label="Your suggestion or solution" rows={4} />
      {/* A refusal about the whole form (too large, too many submissions, unreadable), or the store's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={formPurposes.suggestion} />
      <SubmitButton label="Submit Suggestion" pendingLabel="Submitting..." />
    </Form>
  );
}
