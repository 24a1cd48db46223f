import { lazy, type ComponentType } from "react";

/**
 * A component whose code stays off a page's first load. The server renders it at once, like any other; in the browser
 * its module is requested once the page's own scripts run, and until it arrives (rendered inside a <Suspense>) its part
 * of the page stays the server's HTML, which React hydrates when the code is there. For what is rarely used (error
 * screens, toasts, the popup) or far down the page: it must render the same with or without its code loaded.
 */
export async function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  if (import.meta.env.SSR) return load();
  // Asked for at once, so it arrives alongside hydration rather than when React first needs it.
  const loading = load();
  return lazy(async () => ({ default: await loading }));
}
