import type { Behaviour } from "~/behaviours/behaviour";
import { loadingScreenId } from "~/behaviours/loading-screen";
import { toastRegionId } from "~/behaviours/toasts";
import { dismissPopup, popupDismissedAttribute } from "./dismissal";

export interface PopupSettings {
  /** What the popup waits for: the loading screen, and the region where toasts show. */
  loadingScreenId: string;
  toastRegionId: string;
}

/**
 * The home page's hackathon popup, an open non-modal <dialog> in the server's HTML (a card above the hero without
 * scripts). It is re-opened as a modal, which brings the dimmed backdrop, keeps focus inside, makes the page behind
 * inert and closes on Escape; it waits out of sight while the loading screen or a toast shows, so a message is never
 * hidden under it. Every way of closing it (the close button, whose form would post to the server; a click on the
 * backdrop; Escape; following its link) remembers the dismissal: the cookie for later visits, and the mark on the
 * document that app.css hides it by, so it never reappears during the page's life.
 */
export function attachPopup(dialog: HTMLElement, settings: PopupSettings): () => void {
  const html = document.documentElement;
  const dismiss = dismissPopup;
  // Dismissed on an earlier visit: the stylesheet already hides it; it must not become an invisible modal.
  if (!(dialog instanceof HTMLDialogElement) || html.hasAttribute(popupDismissedAttribute)) return () => {};
  if (getComputedStyle(dialog).display === "none") return () => {};
  // Closed natively before this script ran.
  if (!dialog.open) {
    dismiss();
    return () => {};
  }

  // close() before showModal() fires a "close" event of its own, later; that one is not the visitor's dismissal. Marked
  // on the element, so it holds even if the behaviour is attached again before the event comes.
  const onClose = () => {
    if (dialog.hasAttribute("data-reopening")) dialog.removeAttribute("data-reopening");
    else dismiss();
  };
  // The panel fills the dialog box, so a click whose target is the dialog itself landed on the backdrop.
  const onClick = (event: MouseEvent) => {
    if (event.target === dialog) dialog.close();
    else if (event.target instanceof Element && event.target.closest("a[href]")) dismiss();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    dialog.close();
  };
  const openAsModal = () => {
    // Visible before showModal(), which moves the focus into the dialog: an invisible one could not take it.
    dialog.removeAttribute("data-waiting");
    if (!dialog.open || dialog.matches(":modal")) return;
    dialog.setAttribute("data-reopening", "");
    dialog.close();
    dialog.showModal();
  };
  // A modal sits in the top layer, above the site's loading screen and above a toast. It waits until neither shows.
  const toastRegion = document.getElementById(settings.toastRegionId);
  const covering = () =>
    document.getElementById(settings.loadingScreenId) !== null || toastRegion?.firstElementChild != null;
  const observer = new MutationObserver(() => {
    if (covering()) return;
    observer.disconnect();
    openAsModal();
  });

  dialog.addEventListener("close", onClose);
  dialog.addEventListener("click", onClick);
  dialog.addEventListener("submit", onSubmit);
  if (covering()) {
    // Out of sight meanwhile (set here: the server's HTML shows it, for visitors without scripts).
    dialog.setAttribute("data-waiting", "");
    // Only where those two come and go (the loading screen is a child of <body>, a toast of its region): watching
    // the whole page's subtree would run this on every change anywhere.
    observer.observe(document.body, { childList: true });
    if (toastRegion) observer.observe(toastRegion, { childList: true });
  } else {
    openAsModal();
  }
  return () => {
    observer.disconnect();
    dialog.removeEventListener("close", onClose);
    dialog.removeEventListener("click", onClick);
    dialog.removeEventListener("submit", onSubmit);
  };
}

export const popup: Behaviour<PopupSettings> = {
  name: "popup",
  attach: attachPopup,
  settings: { loadingScreenId, toastRegionId },
};
