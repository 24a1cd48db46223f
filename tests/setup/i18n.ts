import { en } from "~/i18n/catalogue/en";
import { setTextsOutsideAPage } from "~/i18n/use-text";

// A component a test renders on its own (no TextProvider, as entry.server.tsx and entry.client.tsx give) speaks
// English, as an English page does; a test of a Hindi render wraps it in a provider of its own.
setTextsOutsideAPage({ locale: "en", catalogue: en });
