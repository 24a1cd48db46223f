import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { catalogueFor, keepCatalogueIn } from "./i18n/browser-catalogue";
import { i18nOptions } from "./i18n/i18n";
import type { Catalogue } from "./i18n/catalogue/en";
import type { Locale } from "./i18n/locale";

// Global error and unhandled-rejection events are only logged, never shown to the visitor.
window.addEventListener("error", (event) => {
  console.error("Uncaught error:", event.error ?? event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  console.error("Unhandled promise rejection:", event.reason);
});

// The page's language is its <html lang> (its path's, written by the server); the language link reloads the document,
// so it never changes while this instance lives. Only the parts of that language's catalogue this page shows are
// loaded (app/i18n/browser-catalogue.ts); a client navigation adds the next page's.
const locale: Locale = document.documentElement.lang === "hi" ? "hi" : "en";
const catalogue = (await catalogueFor(locale, window.location.pathname)) as Catalogue;
const i18n = createInstance({
  ...i18nOptions(locale, catalogue),
  // A text the page shows from a part it did not load (app/i18n/pages.ts) is a bug: said, so the tests see it.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => console.error(`Missing text in the page's catalogue: ${key}`),
});
void i18n.use(initReactI18next).init();
keepCatalogueIn(i18n);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
