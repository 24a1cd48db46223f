import { createContext, useContext, useState } from "react";

/**
 * The short reference an error page shows, made from the request's id (X-Request-Id, the `reqId` of its log lines):
 * enough for the council to find the one `error` line in the log, short enough to read out or type.
 */
export function errorReference(requestId: string | null | undefined): string | undefined {
  return requestId ? requestId.slice(0, 8) : undefined;
}

/** Given by entry.server.tsx around the server render. */
export const ErrorReferenceContext = createContext<string | undefined>(undefined);

/**
 * The server knows the reference from the request; in the browser it is read once from the page the server sent, so
 * the hydrated page shows the same text. An error after a client-side navigation has no document of its own (its
 * data request's id is not visible to the page), so it shows none.
 */
export function useErrorReference(): string | undefined {
  const fromServer = useContext(ErrorReferenceContext);
  const [reference] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined"
        ? undefined
        : (document.querySelector<HTMLElement>("[data-error-reference]")?.dataset.errorReference ?? undefined)),
  );
  return reference;
}
