import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage, HoneypotField, SubmitButton, TextAreaField, TextField } from "~/components/forms/field";
import { formPurposes, PrivacyNote } from "~/components/privacy/privacy-note";
import { PageHeader } from "~/components/page-header";
import { ideaFailureMessage, ideaSchema, ideaSuccessMessage } from "~/forms/ideas";
import { pageMeta } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/ideas";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0]?.loaderData?.site, {
    title: "Ideas & Innovation",
    description:
      "Have an idea that could change campus life? Tell the council what it is and the difference it would make.",
    path: "/ideas",
  });
}

export const headers = formHeaders;

export async function action({ request }: Route.ActionArgs) {
  const confirmed = () => redirectWithSuccess("/ideas", ideaSuccessMessage);
  const received = await receive(request, { schema: ideaSchema, limit: "ideas", honeypot: confirmed });
  if (!received.ok) return received.response;
  // Sections 1 and 7 send an idea nowhere. The built-in store keeps it for the council inbox (decision 0008); the
  // council API adapter still only confirms. The visitor sees the specified confirmation either way.
  const outcome = await submissions.shareIdea(received.value);
  if (!outcome.ok) {
    return data(received.reply({ formErrors: [ideaFailureMessage] }), {
      status: outcome.reason === "unavailable" ? 503 : 502,
    });
  }
  // Post/redirect/get: the page comes back empty (section 4: "clears all fields"), with or without scripts.
  return confirmed();
}

export default function Ideas({ actionData }: Route.ComponentProps) {
  // A new location after the success redirect gives a fresh, empty form when scripts run.
  const { key } = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader
        title="Ideas & Innovation"
        intro="Got an idea that could make campus life better? Tell us what it is and the change it would bring."
      />
      <IdeaForm key={key} lastResult={actionData} />
    </div>
  );
}

function IdeaForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useSchemaForm(ideaSchema, lastResult);
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
        <TextField meta={fields.college} label="College Name" autoComplete="organization" />
      </div>
      <TextField meta={fields.title} label="Title of Your Idea" />
      <TextAreaField
        meta={fields.description}
        label="Describe your idea"
        placeholder="Describe your idea in detail..."
        rows={6}
      />
      <TextAreaField meta={fields.impact} label="What impact or change will this idea bring?" rows={4} />
      {/* A refusal about the whole form (too large, too many submissions, unreadable), or the store's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={formPurposes.ideas} />
      <SubmitButton label="Submit Idea" pendingLabel="Submitting..." />
    </Form>
  );
}
