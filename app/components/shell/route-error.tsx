import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { useErrorReference } from "~/errors/error-reference";
import { useText } from "~/i18n/use-text";
import type { loader as rootLoader } from "~/root";
import { ErrorScreen } from "./error-screen";

/**
 * What the root's error boundary shows for anything but a 404: a refused request (413 too large, 400 unreadable)
 * says why; a fault of ours never shows its details (outside development) and gives a reference to quote instead.
 * Kept out of the root's module, so no page loads it before it is needed.
 */
export function RouteError({ error }: { error: unknown }) {
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const refusal: unknown =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 ? error.data : undefined;
  const message =
    typeof refusal === "object" && refusal !== null && "message" in refusal && typeof refusal.message === "string"
      ? refusal.message
      : undefined;
  // A refused request already says what to change.
  const reference = message === undefined ? <ErrorReference /> : null;
  return <ErrorScreen details={details} message={message} reference={reference} />;
}

function ErrorReference() {
  const reference = useErrorReference();
  const email = useRouteLoaderData<typeof rootLoader>("root")?.site.email;
  const { t } = useText();
  if (!reference) return null;
  return (
    <p className="mt-4 text-slate-700" data-error-reference={reference}>
      {t("errors.referenceBefore")}{" "}
      {email ? (
        <a className="font-semibold text-accent underline" href={`mailto:${email}`}>
          {email}
        </a>
      ) : (
        t("errors.theCouncil")
      )}{" "}
      {t("errors.referenceBetween")} <strong className="font-mono">{reference}</strong>
      {t("errors.referenceAfter")}
    </p>
  );
}
