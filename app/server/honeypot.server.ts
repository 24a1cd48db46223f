import { honeypotFieldName } from "~/forms/honeypot";

/**
 * True when the hidden honeypot field was filled in: people never see it, form-filling bots do. Such submissions
 * get the normal success answer (so the bot learns nothing) and are neither forwarded nor stored.
 */
export function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(honeypotFieldName);
  return typeof value === "string" && value.trim() !== "";
}
