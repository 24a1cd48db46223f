import { useEffect, useState } from "react";

/**
 * True once React has hydrated the page in the browser, i.e. scripts run. Controls that only work with scripts
 * render when this is true, so a visitor without JavaScript never meets a dead button.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
