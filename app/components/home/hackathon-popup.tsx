import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { toastIsShowing, toastRegionId } from "~/components/shell/toast-area";
import { popupCookieText, popupDismissed, popupElementId, popupPath } from "~/lib/hackathon-popup";

// Module scope outlives the home page's component, so after a dismissal the popup stays closed when the visitor
// navigates away and back: it never reappears during the page's life.
let dismissedThisPage = false;

/**
 * The server sends an open, non-modal <dialog> at the top of the page. Without JavaScript it is a card in the page's
 * flow, above the hero, so it covers nothing, and its close button posts to the server, which remembers it. With
 * JavaScript it is re-opened as a modal, which brings the dimmed backdrop, keeps focus inside, makes the page behind
 * inert and closes on Escape; it waits out of sight while the loading screen or a toast shows, so a message is never
 * hidden under it.
 *
 * A dismissal is remembered for 30 days in a cookie (app/lib/hackathon-popup.ts): the close button is a form posted to
 * /hackathon-popup, which sets it without JavaScript; with JavaScript every way of closing sets it here. The page's
 * HTML is the same for every visitor; the /hackathon-popup stylesheet hides the popup when the cookie is there.
 */
export function HackathonPopup({ title, text }: { title: string; text: string }) {
  const [visible, setVisible] = useState(() => !dismissedThisPage);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // close() before showModal() fires a "close" event of its own; that one is not the visitor's dismissal.
  const reopening = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.matches(":modal")) return;
    // Dismissed on an earlier visit: the stylesheet already hides it; it must not become an invisible modal.
    if (popupDismissed(document.cookie) || getComputedStyle(dialog).display === "none") {
      dismissedThisPage = true;
      setVisible(false);
      return;
    }
    if (!dialog.open) {
      // Closed natively before the page finished hydrating.
      dismiss();
      return;
    }
    const openAsModal = () => {
      // Visible before showModal(), which moves the focus into the dialog: an invisible one could not take it.
      dialog.removeAttribute("data-waiting");
      if (!dialog.open || dialog.matches(":modal")) return;
      reopening.current = true;
      dialog.close();
      dialog.showModal();
    };
    // A modal sits in the top layer, above everything the page draws: above the site's loading screen and above a
    // toast. It waits until neither shows.
    const covering = () => document.getElementById("loading-screen") !== null || toastIsShowing();
    if (!covering()) {
      openAsModal();
      return;
    }
    // Out of sight meanwhile (set here, not rendered: the server's HTML shows it, for visitors without scripts).
    dialog.setAttribute("data-waiting", "");
    const observer = new MutationObserver(() => {
      if (covering()) return;
      observer.disconnect();
      openAsModal();
    });
    // Only where those two come and go (the loading screen is a child of <body>, a toast of its region): watching
    // the whole page's subtree would run this on every change anywhere while the page hydrates.
    observer.observe(document.body, { childList: true });
    const toasts = document.getElementById(toastRegionId);
    if (toasts) observer.observe(toasts, { childList: true });
    return () => observer.disconnect();
  }, []);

  function dismiss() {
    dismissedThisPage = true;
    document.cookie = popupCookieText(window.location.protocol === "https:");
    setVisible(false);
  }

  function handleClose() {
    if (reopening.current) {
      reopening.current = false;
      return;
    }
    dismiss();
  }

  if (!visible) return null;

  return (
    // The dialog's backdrop click below is a pointer-only shortcut: keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      id={popupElementId}
      open
      // A visitor may close it natively (method="dialog") before scripts hydrate the page; that is not an error.
      suppressHydrationWarning
      aria-labelledby="hackathon-popup-title"
      aria-describedby="hackathon-popup-text"
      onClose={handleClose}
      // The panel fills the dialog box, so a click whose target is the dialog itself landed on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      // Without scripts (`noscript:`) a card in the flow at the top of the page, where it covers no content.
      className="fixed inset-0 z-40 m-auto h-fit w-[calc(100%-2rem)] max-w-md overflow-hidden rounded-3xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm data-waiting:invisible noscript:relative noscript:inset-auto noscript:z-auto noscript:mx-auto noscript:my-4 noscript:max-w-3xl noscript:shadow-lg"
    >
      <div className="relative bg-linear-to-br from-red-700 via-red-800 to-slate-900 px-6 pt-8 pb-6 text-white noscript:pt-5 noscript:pb-4">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25 noscript:hidden">
          <Icon name="trophy" className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-wider text-red-100 uppercase noscript:mt-0 noscript:pr-10">
          Register your team
        </p>
        <h2 id="hackathon-popup-title" className="mt-1 text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {/* Without JavaScript the server remembers the dismissal and brings the visitor back; with it, it closes
            here. */}
        <form
          method="post"
          action={popupPath}
          className="absolute top-3 right-3"
          onSubmit={(event) => {
            event.preventDefault();
            dialogRef.current?.close();
          }}
        >
          <button
            type="submit"
            aria-label="Close"
            className="inline-flex size-10 items-center justify-center rounded-full text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <Icon name="close" className="size-5" />
          </button>
        </form>
      </div>
      <div className="px-6 py-6 noscript:py-4">
        <p id="hackathon-popup-text" className="text-slate-700">
          {text}
        </p>
        <Link
          to="/sih"
          onClick={dismiss}
          className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-white transition-colors hover:bg-accent-strong focus-ring"
        >
          Explore the hackathon
          <Icon name="arrow-right" className="size-5" />
        </Link>
      </div>
    </dialog>
  );
}
