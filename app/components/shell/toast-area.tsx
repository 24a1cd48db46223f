import { useEffect, useRef, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { applyToastDuration, attachToasts, toastRegionId, toasts } from "~/behaviours/toasts";
import { useText } from "~/i18n/use-text";
import { Icon } from "~/components/icons";

const toastStyles: Record<ToastMessage["type"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-sky-700 bg-sky-50 text-sky-900",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
};

type ShownToast = ToastMessage & { id: number };

// A toast the page's code raises in the browser (a form's refused submit): shown in this area, so a page has one
// toast area whatever brings its messages. One raised before the area's code is here waits for it.
let showRaised: ((toast: ToastMessage) => void) | undefined;
let waitingToast: ToastMessage | undefined;

/** Shows a toast in the site's toast area, from code running in the browser. */
export function showToast(toast: ToastMessage): void {
  if (showRaised) showRaised(toast);
  else waitingToast = toast;
}

/**
 * The top-right toast area. The flash toast comes from the root loader, so it is in the server HTML; a CSS
 * animation closes it after its lifetime and pauses while hovered. With JavaScript the close button works and a
 * closed toast leaves the DOM: the toasts behaviour decides when, here as on a page that ships no framework; React
 * takes away what it rendered. It sits above every overlay of the site (the menu panel, the loading screen), and the
 * hackathon popup, a modal in the top layer, waits until it is gone: a message is always readable.
 *
 * Without JavaScript nothing could close it or hold it still, so it stays: in the page's flow at its top, under the
 * bar and above the content (the home page's popup card included), which it pushes down rather than covers. That is
 * why the area comes before <main> in the document: text browsers and screen readers meet the message first.
 */
export function ToastArea({ toast }: { toast: ToastMessage | undefined }) {
  const { t } = useText();
  const [shown, setShown] = useState<ShownToast | null>(() => (toast ? { ...toast, id: 0 } : null));
  const [previousToast, setPreviousToast] = useState(toast);

  // Each flash toast is a new object from a new loader run; revalidations without one keep the current toast. Taken
  // in while rendering, not in an effect, so the toast is on the page in the same commit as the page it came with,
  // and that page's effects (the hackathon popup's) already see it.
  if (toast !== previousToast) {
    setPreviousToast(toast);
    if (toast) setShown((current) => ({ ...toast, id: (current?.id ?? 0) + 1 }));
  }

  useEffect(() => {
    const show = (toast: ToastMessage) => setShown((current) => ({ ...toast, id: (current?.id ?? 0) + 1 }));
    if (waitingToast) show(waitingToast);
    waitingToast = undefined;
    showRaised = show;
    return () => {
      if (showRaised === show) showRaised = undefined;
    };
  }, []);

  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? attachToasts(region.current, null, () => setShown(null)) : undefined), []);

  return (
    <div
      ref={region}
      id={toastRegionId}
      data-behaviour={toasts.name}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-[calc(var(--spacing-nav)+0.75rem)] right-4 z-[110] flex w-[min(24rem,calc(100%-2rem))] flex-col items-end noscript:relative noscript:top-nav noscript:right-auto noscript:z-30 noscript:mx-auto noscript:w-full noscript:max-w-7xl noscript:px-4 noscript:sm:px-6 noscript:lg:px-8"
    >
      {shown ? (
        <div
          key={shown.id}
          data-toast-type={shown.type}
          data-toast-duration={shown.duration}
          // Set by script, not as a style attribute: the Content-Security-Policy allows no inline styles.
          ref={(element) => {
            if (element) applyToastDuration(element);
          }}
          className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg noscript:mt-3 noscript:max-w-sm ${toastStyles[shown.type]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{shown.message}</p>
            {shown.description ? <p className="mt-1 text-sm">{shown.description}</p> : null}
          </div>
          <button
            type="button"
            data-requires-js
            data-toast-close=""
            className="-m-1 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <Icon name="close" className="h-4 w-4" />
            <span className="sr-only">{t("shell.closeNotification")}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
