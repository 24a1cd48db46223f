import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { HoneypotField, SubmitButton, TextAreaField, TextField } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { suggestionSchema, suggestionSuccessMessage } from "~/forms/suggestion";
import { pageMeta } from "~/lib/meta";
import { isBotSubmission } from "~/server/honeypot.server";
import { readFormData } from "~/server/request.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/suggestion";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0]?.loaderData?.site, {
    title: "Suggestion Box",
    description: "Share your problems and suggestions to help improve our council.",
    path: "/suggestion",
  });
}

/**
 * Section 4: "submitting for a simulated 500 ms". Kept on the server so the specified submitting state
 * ("Submitting...", button disabled) is really seen, as on the earlier site; it costs a timer, not a thread.
 */
const suggestionDelayMs = 500;

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (!isBotSubmission(formData)) {
    const submission = parseWithZod(formData, { schema: suggestionSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  }
  // Sections 1 and 7: a suggestion is never sent anywhere nor stored; only the confirmation is shown.
  await new Promise((resolve) => setTimeout(resolve, suggestionDelayMs));
  // Post/redirect/get: the page comes back empty (section 4: "the form is cleared"), with or without scripts.
  return redirectWithSuccess("/suggestion", suggestionSuccessMessage);
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
      <SubmitButton label="Submit Suggestion" pendingLabel="Submitting..." />
    </Form>
  );
}
