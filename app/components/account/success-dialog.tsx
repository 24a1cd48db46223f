import { useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { englishPath } from "~/i18n/locale";
import { useLocalizedPath } from "~/i18n/use-locale";

/**
 * The specification's success dialogs ("Login Successful!" for 1.5 s, "Registration Successful!" for 2.5 s, then
 * home). A modal <dialog>, so focus moves into it and screen readers announce it; it only ever appears after a
 * submission made with scripts, so it needs no server-rendered state.
 */
export function SuccessDialog({
  message,
  afterMs,
  thenGoTo = "/",
}: {
  message: string;
  afterMs: number;
  thenGoTo?: string;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const { successDialog } = useFormTexts();
  // Home, or the page that asked, in the page's language (a path already in it stays as it is).
  const destination = useLocalizedPath()(thenGoTo);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    const timer = setTimeout(() => void navigate(destination), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs, navigate, destination]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Escape would close the dialog but not stop the trip home; keep it up until then.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(22rem,calc(100%-2rem))] rounded-2xl bg-white p-8 text-center shadow-2xl backdrop:bg-slate-950/60"
    >
      <span
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
      >
        ✓
      </span>
      <p id={titleId} className="mt-4 text-xl font-bold text-ink">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {englishPath(destination) === "/" ? successDialog.home : successDialog.back}
      </p>
    </dialog>
  );
}
