import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";

const tone = {
  open: "bg-green-100 text-green-900 ring-green-700/20",
  closed: "bg-slate-200 text-slate-800 ring-slate-500/20",
  "not-yet-open": "bg-amber-100 text-amber-900 ring-amber-700/20",
} as const;

/**
 * The registration window's state as a pill: "Registration open until …", "Registration closed" or "Opens on …".
 * As wide as its text up to the line's width, then wrapping like any text; the corners' radius is half the height of
 * one line of it, so one line reads as a pill and two as a rounded box, never as an oval.
 */
export function RegistrationStatus({ status, className = "" }: { status: RegistrationState; className?: string }) {
  return (
    <p
      data-registration={status.state}
      className={`flex w-fit max-w-full items-center gap-2 rounded-[1.125rem] px-3.5 py-1.5 text-sm font-semibold ring-1 ${tone[status.state]} ${className}`}
    >
      <Icon name="calendar" className="size-4 shrink-0" />
      <span className="min-w-0">{status.text}</span>
    </p>
  );
}
