import { useHydrated } from "~/delivery/use-hydrated";

/** The field that tells an action the page can show its own success dialog (see EnhancedSubmissionInput). */
const enhancedFieldName = "enhanced";

/**
 * Rendered only after hydration: its presence tells the action that scripts run, so it answers with data (and the
 * page shows its success dialog, then goes home) instead of a redirect with a flash toast, which
 * is what a visitor without scripts gets.
 */
export function EnhancedSubmissionInput() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={enhancedFieldName} value="1" /> : null;
}

export function isEnhancedSubmission(formData: FormData): boolean {
  return formData.get(enhancedFieldName) === "1";
}
