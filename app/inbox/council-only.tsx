import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "~/components/shell/error-screen";
import { GoBackHome, NotFound } from "~/components/shell/not-found";
import { councilAccessMessages } from "./sections";

/** The 403 page for a signed-in visitor without the council role: why, and nothing from the inbox. */
export function CouncilOnly({ explanation }: { explanation: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="flex flex-col items-center">
        <span className="text-7xl font-black tracking-tight text-accent sm:text-8xl">403</span>
        <span className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Council members only</span>
      </h1>
      <p className="mt-6 text-slate-700">{explanation}</p>
      <GoBackHome />
    </section>
  );
}

/** The council pages' error boundary: 403 says who may enter, 404 is the site's not-found page, the rest an error. */
export function CouncilErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <CouncilOnly
        explanation={typeof error.data === "string" && error.data ? error.data : councilAccessMessages.notMember}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return <ErrorScreen message={message} />;
}
