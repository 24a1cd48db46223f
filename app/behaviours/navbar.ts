import type { Behaviour } from "./behaviour";

export interface NavbarSettings {
  /** The bar hides after scrolling down more than this… */
  hideAfterScrollingDownPx: number;
  /** …and always shows within this distance of the page's top. */
  alwaysVisibleWithinPx: number;
  /** From this width on the links are inline and the menu panel closes. */
  desktopQuery: string;
}

/**
 * The fixed top bar (`header`): it hides while the visitor scrolls down and comes back on scrolling up. Below the
 * desktop width its menu button (`[data-menu-button]`, a link to the panel, which opens with CSS `:target` without
 * scripts) opens the panel it controls: focus moves to the panel's close button; the close button, the backdrop,
 * Escape and growing the window to desktop width close it, the first three giving the focus back to the menu button;
 * a link in the panel, or going back in history, closes it too.
 */
export function attachNavbar(header: HTMLElement, settings: NavbarSettings): () => void {
  const button = header.querySelector<HTMLElement>("[data-menu-button]");
  const menu = document.getElementById(button?.getAttribute("aria-controls") ?? "");
  const closeButton = menu?.querySelector<HTMLElement>("[data-menu-close]");
  // The button's name is its (visually hidden) text, so that text browsers show it too.
  const buttonLabel = button?.querySelector("[data-menu-label]");
  let open = false;
  let hiddenByScroll = false;

  const showBar = () => header.setAttribute("data-hidden", String(hiddenByScroll && !open));
  const setOpen = (value: boolean) => {
    open = value;
    menu?.setAttribute("data-open", String(value));
    button?.setAttribute("aria-expanded", String(value));
    // The page's words, from the button (the inline program carries no catalogue); English if it gives none.
    const label = value ? button?.dataset.closeLabel : button?.dataset.openLabel;
    if (buttonLabel) buttonLabel.textContent = label ?? (value ? "Close menu" : "Open menu");
    showBar();
  };
  const close = () => {
    // A panel opened through :target (before this script ran) only closes by leaving that fragment.
    if (menu && window.location.hash === `#${menu.id}`) window.location.hash = header.id;
    setOpen(false);
  };
  const closeAndReturn = (event: Event) => {
    event.preventDefault();
    close();
    button?.focus();
  };
  const toggle = (event: Event) => {
    if (open) return closeAndReturn(event);
    event.preventDefault();
    setOpen(true);
    closeButton?.focus();
  };
  // These links carry role="button", and a button also answers the Space key (a link only answers Enter).
  const onSpace = (handler: (event: Event) => void) => (event: KeyboardEvent) => {
    if (event.key === " ") handler(event);
  };
  const onButtonKey = onSpace(toggle);
  const onCloseKey = onSpace(closeAndReturn);
  const onMenuClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link) return;
    if (link.hasAttribute("data-menu-close") || link.hasAttribute("data-menu-backdrop")) closeAndReturn(event);
    else setOpen(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (open && event.key === "Escape") closeAndReturn(event);
  };
  const desktop = window.matchMedia(settings.desktopQuery);
  const onWidth = () => {
    if (desktop.matches) close();
  };
  const onHistory = () => setOpen(false);

  // Movement is measured from where the direction last settled, so a slow scroll down still adds up past the limit.
  let anchorY = window.scrollY;
  let frame = 0;
  const onFrame = () => {
    frame = 0;
    const y = window.scrollY;
    if (y <= settings.alwaysVisibleWithinPx || y < anchorY) hiddenByScroll = false;
    else if (y - anchorY > settings.hideAfterScrollingDownPx) hiddenByScroll = true;
    else return;
    anchorY = y;
    showBar();
  };
  const onScroll = () => {
    if (!frame) frame = window.requestAnimationFrame(onFrame);
  };

  // Each listener added here, with what removes it.
  const listen = <E extends Event>(
    target: EventTarget | null | undefined,
    type: string,
    listener: (event: E) => void,
    options?: AddEventListenerOptions,
  ) => {
    target?.addEventListener(type, listener as EventListener, options);
    return () => target?.removeEventListener(type, listener as EventListener);
  };

  // The HTML comes closed; a panel already opened through its link (:target) is taken over as open.
  if (menu && window.location.hash === `#${menu.id}`) setOpen(true);
  const removals = [
    listen(button, "click", toggle),
    listen(button, "keydown", onButtonKey),
    listen(closeButton, "keydown", onCloseKey),
    listen(menu, "click", onMenuClick),
    listen(document, "keydown", onKey),
    listen(desktop, "change", onWidth),
    listen(window, "popstate", onHistory),
    listen(window, "scroll", onScroll, { passive: true }),
  ];
  return () => {
    for (const remove of removals) remove();
    window.cancelAnimationFrame(frame);
  };
}

export const navbar: Behaviour<NavbarSettings> = {
  name: "navbar",
  attach: attachNavbar,
  // The desktop breakpoint is Tailwind's `md` (48rem, 768 px): links inline from there, the panel below it.
  settings: { hideAfterScrollingDownPx: 5, alwaysVisibleWithinPx: 50, desktopQuery: "(min-width: 48rem)" },
};
