import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "~/i18n/catalogue/en";
import { i18nOptions } from "~/i18n/i18n";

// A component a test renders on its own (no I18nextProvider, as entry.server.tsx and entry.client.tsx give) speaks
// English, as an English page does; a test of a Hindi render wraps it in a provider of its own.
await i18next.use(initReactI18next).init(i18nOptions("en", en));
