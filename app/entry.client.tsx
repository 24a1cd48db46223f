import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { KeepTypedText, rememberTypedText } from "./delivery/typed-before-hydration";
import { browserTexts, catalogueFor } from "./i18n/browser-catalogue";
import type { Locale } from "./i18n/locale";
import { TextProvider } from "./i18n/use-text";

// Global error and unhandled-rejection events are only logged, never shown to the visitor.
window.addEventListener("error", (event) => {
  console.error("Uncaught error:", event.error ?? event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  console.error("Unhandled promise rejection:", event.reason);
});

// From here until hydration, what is typed into a textarea is kept (React would reset it to the server's text).
rememberTypedText();

// The page's language is its <html lang> (its path's, written by the server); the language link reloads the document,
// so it never changes while the page lives. Only the parts of that language's catalogue this page shows are loaded
// (app/i18n/browser-catalogue.ts); a client navigation adds the next page's. No i18n runtime: the components' texts
// are filled by app/i18n/text.ts, as the server's render filled them (decision 21).
const locale: Locale = document.documentElement.lang === "hi" ? "hi" : "en";
const texts = browserTexts(locale, await catalogueFor(locale, window.location.pathname));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <KeepTypedText>
        <TextProvider texts={texts}>
          <HydratedRouter />
        </TextProvider>
      </KeepTypedText>
    </StrictMode>,
  );
});
