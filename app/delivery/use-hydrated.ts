import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True once React has hydrated the page in the browser, i.e. scripts run. Controls that only work with scripts
 * render when this is true, so a visitor without JavaScript never meets a dead button. (The server's answer, false,
 * is what hydration renders; React then renders again with the browser's, true.)
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
