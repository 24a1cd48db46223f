import { fillText } from "~/i18n/text";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import type { SubmissionResult } from "@conform-to/react";
import { localeOf } from "~/i18n/locale";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { FormPage } from "~/components/page-header";
import { joinToast, joinToastDurationMs } from "~/forms/join";
import { createJoinSchema } from "~/forms/join-schema";
import { todayInIndia } from "~/forms/dates";
import { whenUsed } from "~/delivery/deferred";
import { submissions } from "~/server/backend/running-backends.server";
import { clubs, site } from "~/content/content.server";
import { backendFailure, receive } from "~/server/requests/submission.server";
import { formTextsIn, formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom, toastWithAnswer } from "~/server/requests/toast.server";
import type { Route } from "./+types/join";
import { senderKey } from "~/server/students/students-data.server";

// Called only by the loader and the action, so the browser bundle drops it (and the server data) along with them.
function clubNames() {
  return clubs.map((club) => club.name);
}

export function loader() {
  // The date picker offers dates up to yesterday in India (a date of birth must be in the past). The server's clock
  // decides, so the page renders the same on both sides.
  const yesterday = todayInIndia(new Date(Date.now() - 24 * 60 * 60 * 1000));
  const names = clubNames();
  // The fields' HTML constraints come as data, so the page renders them before the schema (and zod) has loaded. No
  // `required` on the terms box: an unticked box must reach our check, which answers with the form's warning.
  // (The same in both languages: only the messages differ.)
  const constraint = { ...getZodConstraint(createJoinSchema(formTextsIn("en"), names)), terms: {} };
  return { product: site.name, clubNames: names, latestBirthDate: yesterday, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/join: Hindi).
  const texts = formTextsOf(request);
  const success = { message: texts.join.success, duration: joinToastDurationMs };
  // A refused application's message is also a toast, in the page this answer brings back without scripts.
  const refused = (answer: UNSAFE_DataWithResponseInit<SubmissionResult<string[]>>) => {
    toastWithAnswer(context, joinToast(answer.data.error));
    return answer;
  };
  const received = await receive(request, {
    schema: createJoinSchema(texts, clubNames()),
    limit: "join",
    honeypot: () => redirectWithSuccessFrom(request, "/", success),
  });
  if (!received.ok) return received.response instanceof Response ? received.response : refused(received.response);

  // The receipt, and later the council's decision, in the language of the page the student applied on.
  const locale = localeOf(new URL(request.url).pathname);
  const outcome = await submissions.applyToCouncil(received.value, await senderKey(request), locale);
  if (!outcome.ok) {
    // A refusal that says why (the student applied before) is shown as it is; any other failure gets the form's
    // message. Either way the form stays with the entries kept: the reply carries them back.
    if (outcome.reason === "rejected" && outcome.refusal)
      return refused(received.fail("conflict", refusalFor(request, outcome.refusal) ?? texts.join.failure));
    return refused(received.fail(backendFailure(outcome), texts.join.failure));
  }
  // The visitor goes home with the confirmation: the server redirect carries the toast there.
  return redirectWithSuccessFrom(request, "/", success);
}

// The form's code (its checks, toasts and enhancement) loads once the page is in use; until then it is the server's
// form, which works as it does without scripts.
const JoinForm = await whenUsed(() => import("~/components/public-forms/join-form").then((module) => module.JoinForm));

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { product, clubNames, latestBirthDate, constraint } = loaderData;
  const { join } = useFormTexts();
  return (
    <FormPage title={fillText(join.heading, { product })} intro={join.intro}>
      <JoinForm
        clubNames={clubNames}
        latestBirthDate={latestBirthDate}
        constraint={constraint}
        lastResult={actionData}
      />
    </FormPage>
  );
}
