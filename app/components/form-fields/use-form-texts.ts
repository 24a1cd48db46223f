import type { FormTexts } from "~/forms/texts";
import { useText } from "~/i18n/use-text";

/**
 * The forms' words in the page's language, from the catalogue the page already has (the browser loads only its own
 * language's, entry.client.tsx): the same object on every render, so a schema made from it is made once.
 */
export function useFormTexts(): FormTexts {
  return useText().texts.catalogue.forms;
}
