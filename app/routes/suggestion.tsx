import { useLocation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { TextAreaField } from "~/components/forms/field";
import { StudentNoteForm } from "~/components/forms/student-note-form";
import { formPurposes } from "~/components/privacy/privacy-note";
import { PageHeader } from "~/components/page-header";
import { suggestionMessages, suggestionSchema } from "~/forms/suggestion";
import { pageMeta } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { backendFailure, formHeaders, receive } from "~/server/submission.server";
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
 * The suggestion box takes half a second to submit, as on the earlier site, so its submitting state ("Submitting...",
 * button disabled) is really seen. Kept on the server, where it costs a timer, not a thread.
 */
const suggestionDelayMs = 500;

export async function action({ request }: Route.ActionArgs) {
  const received = await receive(request, {
    schema: suggestionSchema,
    limit: "suggestion",
    honeypot: confirmAfterDelay,
  });
  if (!received.ok) return received.response;
  // The built-in store keeps a suggestion for the council inbox (decision 0008); the council API has no address for
  // suggestions, so its adapter only confirms. Saving runs during the half-second delay, not after it.
  const [outcome] = await Promise.all([submissions.sendSuggestion(received.value), simulatedDelay()]);
  if (!outcome.ok) return received.fail(backendFailure(outcome), suggestionMessages.failure);
  return confirmed();
}

function simulatedDelay() {
  return new Promise((resolve) => setTimeout(resolve, suggestionDelayMs));
}

// Post/redirect/get: the page comes back with the form cleared, with or without scripts.
const confirmed = () => redirectWithSuccess("/suggestion", suggestionMessages.success);

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
    <StudentNoteForm
      form={form}
      fields={fields}
      collegeLabel="College"
      purpose={formPurposes.suggestion}
      submitLabel="Submit Suggestion"
    >
      <TextAreaField meta={fields.problem} label="Describe the problem" rows={4} />
      <TextAreaField meta={fields.solution} label="Your suggestion or solution" rows={4} />
    </StudentNoteForm>
  );
}
