import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n/i18n";
import type { Locale } from "./i18n/locale";

// Global error and unhandled-rejection events are only logged, never shown to the visitor.
window.addEventListener("error", (event) => {
  console.error("Uncaught error:", event.error ?? event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  console.error("Unhandled promise rejection:", event.reason);
});

// The page's language is its <html lang> (its path's, written by the server); only that catalogue is loaded, and the
// language link reloads the document, so it never changes while this instance lives.
const locale: Locale = document.documentElement.lang === "hi" ? "hi" : "en";
const catalogue = locale === "hi" ? (await import("./i18n/catalogue/hi")).hi : (await import("./i18n/catalogue/en")).en;
const i18n = createInstance(i18nOptions(locale, catalogue));
void i18n.use(initReactI18next).init();

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
