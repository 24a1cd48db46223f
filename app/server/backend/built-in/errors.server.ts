/** The built-in store's errors as the operator and the log meet them. */

/** A problem that stops the start, said in one line that names the setting and what to do. */
export class StoreStartupError extends Error {
  override name = "StoreStartupError";
}

/** An error as a short reason for the log: its code and message, which never hold a row's values. */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code ? `${code}: ${error.message}` : error.message;
}
