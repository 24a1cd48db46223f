import { TextAreaField, TextField } from "~/components/forms/field";
import { StudentNotePage } from "~/components/forms/student-note-page";
import { formPurposes } from "~/components/privacy/privacy-note";
import { ideaConstraint, ideaMessages } from "~/forms/ideas";
import { ideaSchema } from "~/forms/ideas-schema";
import { metaFor } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { backendFailure, formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/ideas";

export const meta = metaFor("/ideas");

export const headers = formHeaders;

export async function action({ request }: Route.ActionArgs) {
  const confirmed = () => redirectWithSuccess("/ideas", ideaMessages.success);
  const received = await receive(request, { schema: ideaSchema, limit: "ideas", honeypot: confirmed });
  if (!received.ok) return received.response;
  // The built-in store keeps an idea for the council inbox (decision 0008); the council API has no address for ideas,
  // so its adapter only confirms. The visitor sees the same confirmation either way.
  const outcome = await submissions.shareIdea(received.value);
  if (!outcome.ok) return received.fail(backendFailure(outcome), ideaMessages.failure);
  // Post/redirect/get: the page comes back with every field cleared, with or without scripts.
  return confirmed();
}

// The page loads the schema (and zod) after its first render; the action above parses with it on the server.
const loadIdeaSchema = () => import("~/forms/ideas-schema").then((module) => module.ideaSchema);

export default function Ideas({ actionData }: Route.ComponentProps) {
  return (
    <StudentNotePage
      title="Ideas & Innovation"
      intro="Got an idea that could make campus life better? Tell us what it is and the change it would bring."
      loadSchema={loadIdeaSchema}
      constraint={ideaConstraint}
      lastResult={actionData}
      collegeLabel="College Name"
      purpose={formPurposes.ideas}
      submitLabel="Submit Idea"
    >
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Title of Your Idea" />
          <TextAreaField
            meta={fields.description}
            label="Describe your idea"
            placeholder="Describe your idea in detail..."
            rows={6}
          />
          <TextAreaField meta={fields.impact} label="What impact or change will this idea bring?" rows={4} />
        </>
      )}
    </StudentNotePage>
  );
}
