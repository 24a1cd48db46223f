import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Locale } from "./locale";
import { textFunction, type TextFunction, type Texts } from "./text";

/**
 * The page's words for its components: the server renders with the whole catalogue of the path's language
 * (entry.server.tsx), the browser hydrates with the page's parts of it (entry.client.tsx).
 */
const TextContext = createContext<Texts | undefined>(undefined);

/** A component rendered on its own, outside a page (a test), speaks in these; tests/setup/i18n.ts gives English. */
let textsOutsideAPage: Texts | undefined;

export function setTextsOutsideAPage(texts: Texts): void {
  textsOutsideAPage = texts;
}

export function TextProvider({ texts, children }: { texts: Texts; children?: ReactNode }) {
  return <TextContext.Provider value={texts}>{children}</TextContext.Provider>;
}

/** The page's words, without a provider: a component rendered outside a page, or a default of a plain function. */
export function currentTexts(): Texts {
  if (!textsOutsideAPage) throw new Error("No texts: render inside a TextProvider");
  return textsOutsideAPage;
}

/** The page's `t` and language, in place of react-i18next's useTranslation (decision 21 says why). */
export function useText(): { t: TextFunction; locale: Locale; texts: Texts } {
  const texts = useContext(TextContext) ?? currentTexts();
  return useMemo(() => ({ t: textFunction(texts), locale: texts.locale, texts }), [texts]);
}
