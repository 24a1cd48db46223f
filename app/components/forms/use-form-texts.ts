import { useTranslation } from "react-i18next";
import type { Catalogue } from "~/i18n/catalogue/en";
import { namespace } from "~/i18n/i18n";
import type { FormTexts } from "~/forms/texts";

/**
 * The forms' words in the page's language, from the catalogue the page already has (the browser loads only its own
 * language's, entry.client.tsx): the same object on every render, so a schema made from it is made once.
 */
export function useFormTexts(): FormTexts {
  const { i18n } = useTranslation();
  return (i18n.getResourceBundle(i18n.language, namespace) as Catalogue).forms;
}
