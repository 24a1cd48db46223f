import { NavLink } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { Icon } from "~/components/icons";
import type { HeaderAccount } from "~/types/accounts";

const looks = {
  /** At the right of the bar, at every width: a compact pill. */
  bar: "ml-auto inline-flex h-10 max-w-28 shrink-0 items-center gap-1 rounded-full border border-slate-300 px-2.5 text-sm sm:max-w-40 sm:gap-1.5 sm:px-3 md:ml-0 font-semibold text-slate-700 transition-colors hover:border-accent hover:text-accent focus-ring aria-[current=page]:border-accent aria-[current=page]:text-accent",
  /** In the phone menu panel, under the five links. */
  panel:
    "flex items-center gap-3 rounded-md px-4 py-3 text-lg font-medium text-slate-700 hover:bg-slate-50 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent aria-[current=page]:bg-red-50 aria-[current=page]:font-semibold aria-[current=page]:text-accent",
} as const;

/**
 * Where a visitor signs in or finds their profile (not one of the specification's five bar links): "Log in" when
 * signed out; signed in, the visitor's first name leading to /userProfile. The root loader reads the account from
 * our session cookie only, so it is in the server HTML and works without JavaScript.
 *
 * The phone menu panel repeats the bar's link. Its words are drawn by the stylesheet (`data-drawn-text`, app.css),
 * so a text browser, which applies no styles and no `hidden` attribute and opens every <details>, meets the link once,
 * in the bar; the panel's copy reads as nothing there. Screen readers hear it in the open panel by its aria-label;
 * the closed panel is invisible to both.
 */
export function AccountLink({ account, look }: { account: HeaderAccount; look: keyof typeof looks }) {
  const hideTextWhenNarrow = look === "bar" ? "max-[22.5rem]:sr-only" : "";
  const { t } = useText();
  const localized = useLocalizedPath();
  const name = account ? (account.firstName ?? t("shell.myProfile")) : t("shell.logIn");
  // A name alone does not say where the link goes; the visible name still starts the link's name.
  const hint = account?.firstName ? ` ${t("shell.yourProfile")}` : undefined;
  const words =
    look === "bar" ? (
      <span className={`${account ? "truncate" : "whitespace-nowrap"} ${hideTextWhenNarrow}`}>
        {name}
        {hint ? <span className="sr-only">{hint}</span> : null}
      </span>
    ) : (
      <span className={account ? "truncate" : "whitespace-nowrap"} data-drawn-text={name} />
    );
  return (
    <NavLink
      to={localized(account ? "/userProfile" : "/login")}
      className={looks[look]}
      // The panel's copy is named by its label, which text browsers do not read and every accessibility checker does.
      aria-label={look === "panel" ? `${name}${hint ?? ""}` : undefined}
      data-account-link=""
    >
      <Icon name="user" className={look === "bar" ? "size-4 shrink-0 sm:size-5" : "size-5 shrink-0"} />
      {words}
    </NavLink>
  );
}
