import { type ReactNode, useLayoutEffect } from "react";

/**
 * What a visitor typed into a `<textarea>` before React hydrated the page. React 19 resets every textarea to the
 * server's text while hydrating (inputs it leaves alone), so on a slow phone the first words of an idea, or a council
 * member's edit, would vanish without a word. `rememberTypedText()` starts listening at once; `<KeepTypedText>` puts
 * each typed value back after the hydration commit, where React reset it.
 */
const typed = new Map<HTMLTextAreaElement, string>();

function remember(event: Event) {
  if (event.target instanceof HTMLTextAreaElement) typed.set(event.target, event.target.value);
}

/** Call before hydrating: it also catches what was typed before this script ran (the value differs from the HTML's). */
export function rememberTypedText(root: Document = document): void {
  for (const area of root.querySelectorAll("textarea"))
    if (area.value !== area.defaultValue) typed.set(area, area.value);
  root.addEventListener("input", remember, true);
}

/** Puts the typed text back into every textarea hydration reset, then stops listening. Returns how many it restored. */
export function restoreTypedText(root: Document = document): number {
  root.removeEventListener("input", remember, true);
  let restored = 0;
  for (const [area, value] of typed) {
    // Reset by hydration: the text is the server's again. A textarea React replaced or removed is not the visitor's.
    if (area.isConnected && area.value === area.defaultValue && area.value !== value) {
      area.value = value;
      restored += 1;
    }
  }
  typed.clear();
  return restored;
}

/** Wraps the hydrated app: its layout effect runs after the whole first commit, before the browser paints. */
export function KeepTypedText({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    restoreTypedText();
  }, []);
  return children;
}
