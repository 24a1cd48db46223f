import { Link, useLocation } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { useBehaviour } from "~/behaviours/behaviour";
import { navbar, type NavbarSettings } from "~/behaviours/navbar";
import { Icon } from "~/components/icons";
import type { HeaderAccount } from "~/types/accounts";
import { AccountLink } from "./account-link";
import { LanguageLink } from "./language-link";
import { isCurrentLink, primaryLinks } from "./nav-links";
import type { PublicSite } from "./site";
import { Img } from "~/components/image";

const MENU_ID = "site-menu";
const HEADER_ID = "site-header";
const languageLinkClass =
  "inline-flex h-10 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-slate-700 hover:text-accent focus-ring";

/**
 * The fixed top bar. Below 768 px its menu button opens the right-hand panel. Without JavaScript the button is a
 * plain link to #site-menu and the panel opens with CSS `:target`; with it, the same link toggles the panel, and the
 * bar hides on scrolling down (~/behaviours/navbar.ts). The five links are in the page once: the panel's list is the
 * bar's inline list from 768 px on, so a text browser or a screen reader meets them once.
 */
export function Navbar({ site, account }: { site: PublicSite | undefined; account: HeaderAccount }) {
  const { pathname } = useLocation();
  const behaviour = useBehaviour<HTMLElement, NavbarSettings>(navbar);
  const { t } = useText();
  const localized = useLocalizedPath();

  return (
    <header
      {...behaviour}
      id={HEADER_ID}
      data-hidden="false"
      className="fixed inset-x-0 top-0 z-40 h-nav border-b border-slate-200 bg-white/95 shadow-sm transition-transform duration-300 data-[hidden=true]:not-focus-within:-translate-y-full motion-reduce:transition-none"
    >
      <nav
        aria-label={t("shell.mainNavigation")}
        className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8"
      >
        <Link
          to={localized("/")}
          className="flex min-w-0 items-center gap-2 rounded-md sm:gap-3 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
        >
          {site ? (
            // Decorative here: the site name right beside it is the link's name.
            <Img image={site.logo} alt="" loading="eager" className="h-10 w-10 shrink-0 sm:h-12 sm:w-12" />
          ) : null}
          {/* Wraps rather than being cut short where the bar is narrow (a phone, or just above 768 px). */}
          <span className="min-w-0 text-lg leading-tight font-bold tracking-tight text-balance break-words text-ink sm:text-xl">
            {site?.name ?? t("shell.home")}
          </span>
        </Link>
        <MenuPanel pathname={pathname} account={account} />
        <AccountLink account={account} look="bar" /> <LanguageLink className={languageLinkClass} />
        {/* A space that a text browser shows between the two links; in the bar's flex row it takes no room. */}{" "}
        {/* Its state (open or closed, its name, its icon) is the behaviour's: React renders it closed, always. Its name
            is text, not aria-label, so that text browsers, which read no ARIA, show it too. */}
        <a
          href={`#${MENU_ID}`}
          role="button"
          data-menu-button=""
          aria-controls={MENU_ID}
          aria-expanded="false"
          data-open-label={t("shell.openMenu")}
          data-close-label={t("shell.closeMenu")}
          className="group -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent md:hidden"
        >
          <Icon name="menu" className="h-6 w-6 group-aria-expanded:hidden" />
          <Icon name="close" className="hidden h-6 w-6 group-aria-expanded:block" />
          <span className="sr-only" data-menu-label="">
            {t("shell.openMenu")}
          </span>
        </a>
      </nav>
    </header>
  );
}

/**
 * Below 768 px, the slide-in panel with its backdrop; from 768 px on only its list shows, inline in the bar (the
 * panel's boxes are `display: contents` there). Inside the header, whose transform would make this fixed panel scroll
 * with it: the bar is never moved while the panel is open (~/behaviours/navbar.ts).
 */
function MenuPanel({ pathname, account }: { pathname: string; account: HeaderAccount }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <div
      id={MENU_ID}
      data-open="false"
      className="group invisible fixed inset-0 z-50 transition-[visibility] duration-300 target:visible data-[open=true]:visible motion-reduce:transition-none md:visible md:contents"
    >
      {/* The dimmed backdrop: a mouse convenience, so kept out of the tab order and the accessibility tree, and without
          words: a text browser meets "Close menu" once, on the panel's close button. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- hidden from assistive technology, on purpose */}
      <a
        href={`#${HEADER_ID}`}
        tabIndex={-1}
        aria-hidden="true"
        data-menu-backdrop=""
        className="absolute inset-0 bg-slate-900/60 opacity-0 transition-opacity duration-300 group-target:opacity-100 group-data-[open=true]:opacity-100 motion-reduce:transition-none md:hidden"
      />
      <div
        data-menu-panel=""
        className="absolute inset-y-0 right-0 flex w-4/5 translate-x-full flex-col bg-white shadow-xl transition-transform duration-300 group-target:translate-x-0 group-data-[open=true]:translate-x-0 sm:w-2/3 md:contents md:w-1/2 motion-reduce:transition-none"
      >
        <div className="flex h-nav shrink-0 items-center justify-end border-b border-slate-200 px-4 md:hidden">
          <a
            href={`#${HEADER_ID}`}
            role="button"
            data-menu-close=""
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Icon name="close" className="h-6 w-6" />
            <span className="sr-only">{t("shell.closeMenu")}</span>
          </a>
        </div>
        <ul className="flex flex-col gap-1 overflow-y-auto p-4 md:ml-auto md:flex-row md:items-center md:overflow-visible md:p-0 lg:gap-2">
          {primaryLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={localized(link.to)}
                aria-current={isCurrentLink(link, pathname) ? "page" : undefined}
                className="block rounded-md px-4 py-3 text-lg font-medium text-slate-700 transition-colors hover:bg-slate-50 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent aria-[current=page]:bg-red-50 aria-[current=page]:font-semibold aria-[current=page]:text-accent md:px-1.5 md:py-2 md:text-base lg:px-3 md:hover:bg-transparent md:aria-[current=page]:bg-transparent"
              >
                {t(`nav.${link.label}`)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 p-4 md:hidden">
          <AccountLink account={account} look="panel" />
        </div>
      </div>
    </div>
  );
}
