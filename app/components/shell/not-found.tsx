import { Link } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

/**
 * The Not Found screen, for any unknown path and for a club that does not exist. It is the page's content
 * (inside <main>), so the navigation bar and footer stay around it.
 */
export function NotFound() {
  const { t } = useText();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="flex flex-col items-center">
        <span className="text-8xl font-black tracking-tight text-accent sm:text-9xl">404</span>
        <span className="mt-2 text-2xl font-bold text-ink sm:text-3xl">{t("errors.notFoundTitle")}</span>
      </h1>
      <h2 className="mt-8 text-xl font-semibold text-ink">{t("errors.lost")}</h2>
      <p className="mt-3 text-slate-600">{t("errors.notAvailable")}</p>
      <GoBackHome />
    </section>
  );
}

/** The way out of a page that has nothing for the visitor (Not Found, the council inbox's 403). */
export function GoBackHome() {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized("/")}
      className="mt-8 inline-flex items-center gap-2 rounded-lg bg-accent px-6 py-3 font-semibold text-white shadow transition-colors hover:bg-accent-strong focus-ring"
    >
      {t("errors.goBackHome")}
    </Link>
  );
}
