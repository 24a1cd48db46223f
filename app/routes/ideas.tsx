import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { HoneypotField, SubmitButton, TextAreaField, TextField } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { ideaSchema, ideaSuccessMessage } from "~/forms/ideas";
import { pageMeta } from "~/lib/meta";
import { isBotSubmission } from "~/server/honeypot.server";
import { readFormData } from "~/server/request.server";
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

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  if (!isBotSubmission(formData)) {
    const submission = parseWithZod(formData, { schema: ideaSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  }
  // Sections 1 and 7: an idea is never sent anywhere nor stored; only the confirmation is shown.
  // Post/redirect/get: the page comes back empty (section 4: "clears all fields"), with or without scripts.
  return redirectWithSuccess("/ideas", ideaSuccessMessage);
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
      <SubmitButton label="Submit Idea" pendingLabel="Submitting..." />
    </Form>
  );
}
