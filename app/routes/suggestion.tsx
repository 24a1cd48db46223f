import { TextAreaField } from "~/components/forms/field";
import { StudentNotePage } from "~/components/forms/student-note-page";
import { formPurposes } from "~/components/privacy/privacy-note";
import { suggestionConstraint, suggestionMessages } from "~/forms/suggestion";
import { suggestionSchema } from "~/forms/suggestion-schema";
import { metaFor } from "~/lib/meta";
import { submissions } from "~/server/backend/index.server";
import { backendFailure, formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/suggestion";

export const meta = metaFor("/suggestion");

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

// The page loads the schema (and zod) after its first render; the action above parses with it on the server.
const loadSuggestionSchema = () => import("~/forms/suggestion-schema").then((module) => module.suggestionSchema);

export default function Suggestion({ actionData }: Route.ComponentProps) {
  return (
    <StudentNotePage
      title="Suggestion Box"
      intro="Share your problems and suggestions to help improve our council."
      loadSchema={loadSuggestionSchema}
      constraint={suggestionConstraint}
      lastResult={actionData}
      collegeLabel="College"
      purpose={formPurposes.suggestion}
      submitLabel="Submit Suggestion"
    >
      {(fields) => (
        <>
          <TextAreaField meta={fields.problem} label="Describe the problem" rows={4} />
          <TextAreaField meta={fields.solution} label="Your suggestion or solution" rows={4} />
        </>
      )}
    </StudentNotePage>
  );
}
