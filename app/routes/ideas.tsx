import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useLocation } from "react-router";
import { FormPage } from "~/components/page-header";
import { createIdeaSchema } from "~/forms/ideas-schema";
import { whenUsed } from "~/delivery/deferred";
import { submissions } from "~/server/backend/running-backends.server";
import { backendFailure, receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/ideas";
import { senderKey } from "~/server/students/students-data.server";

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/ideas: Hindi).
  const texts = formTextsOf(request);
  const confirmed = () => redirectWithSuccessFrom(request, "/ideas", texts.ideas.success);
  const received = await receive(request, { schema: createIdeaSchema(texts), limit: "ideas", honeypot: confirmed });
  if (!received.ok) return received.response;
  // The built-in store keeps an idea for the council inbox (decision 0008); the council API has no address for ideas,
  // so its adapter only confirms. The visitor sees the same confirmation either way.
  const outcome = await submissions.shareIdea(received.value, await senderKey(request));
  if (!outcome.ok) return received.fail(backendFailure(outcome), texts.ideas.failure);
  // Post/redirect/get: the page comes back with every field cleared, with or without scripts.
  return confirmed();
}

// The form's code (its checks and enhancement) loads once the page is in use; until then it is the server's form.
const IdeasForm = await whenUsed(() =>
  import("~/components/public-forms/ideas-form").then((module) => module.IdeasForm),
);

export default function Ideas({ actionData }: Route.ComponentProps) {
  // A new location after the success redirect gives a fresh, empty form when scripts run.
  const { key } = useLocation();
  const { ideas } = useFormTexts();
  return (
    <FormPage title={ideas.heading} intro={ideas.intro}>
      <IdeasForm key={key} lastResult={actionData} />
    </FormPage>
  );
}
