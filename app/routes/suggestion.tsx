import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useLocation } from "react-router";
import { FormPage } from "~/components/page-header";
import { createSuggestionSchema } from "~/forms/suggestion-schema";
import { whenUsed } from "~/delivery/deferred";
import { submissions } from "~/server/backend/running-backends.server";
import { backendFailure, receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/suggestion";
import { senderKey } from "~/server/students/students-data.server";

/**
 * The suggestion box takes half a second to submit, as on the earlier site, so its submitting state ("Submitting...",
 * button disabled) is really seen. Kept on the server, where it costs a timer, not a thread.
 */
const suggestionDelayMs = 500;

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/suggestion: Hindi).
  const texts = formTextsOf(request);
  const confirmed = () => redirectWithSuccessFrom(request, "/suggestion", texts.suggestion.success);
  const received = await receive(request, {
    schema: createSuggestionSchema(texts),
    limit: "suggestion",
    honeypot: async () => {
      await simulatedDelay();
      return confirmed();
    },
  });
  if (!received.ok) return received.response;
  // The built-in store keeps a suggestion for the council inbox (decision 0008); the council API has no address for
  // suggestions, so its adapter only confirms. Saving runs during the half-second delay, not after it.
  const [outcome] = await Promise.all([
    submissions.sendSuggestion(received.value, await senderKey(request)),
    simulatedDelay(),
  ]);
  if (!outcome.ok) return received.fail(backendFailure(outcome), texts.suggestion.failure);
  // Post/redirect/get: the page comes back with the form cleared, with or without scripts.
  return confirmed();
}

function simulatedDelay() {
  return new Promise((resolve) => setTimeout(resolve, suggestionDelayMs));
}

// The form's code (its checks and enhancement) loads once the page is in use; until then it is the server's form.
const SuggestionForm = await whenUsed(() =>
  import("~/components/public-forms/suggestion-form").then((module) => module.SuggestionForm),
);

export default function Suggestion({ actionData }: Route.ComponentProps) {
  // A new location after the success redirect gives a fresh, empty form when scripts run.
  const { key } = useLocation();
  const { suggestion } = useFormTexts();
  return (
    <FormPage title={suggestion.heading} intro={suggestion.intro}>
      <SuggestionForm key={key} lastResult={actionData} />
    </FormPage>
  );
}
