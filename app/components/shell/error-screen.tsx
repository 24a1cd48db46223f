import { Link, useLocation, useRevalidator } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

const buttonClass =
  "inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold shadow-sm transition-colors focus-ring";

/**
 * The error boundary's screen. The three buttons are links, so they work without JavaScript (reloading the
 * current address or going home); with JavaScript, Refresh reloads the page and Try Again re-runs the loaders,
 * which also clears a rendering error.
 */
type ErrorScreenProps = {
  details?: string;
  message?: string;
  /** What the visitor quotes when writing to the council (a fault of ours only). */
  reference?: React.ReactNode;
};

export function ErrorScreen({ details, message, reference }: ErrorScreenProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const here = `${location.pathname}${location.search}`;
  const { t } = useText();
  const localized = useLocalizedPath();

  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("errors.somethingWentWrong")}</h1>
      {message ? <p className="mt-4 text-lg text-slate-700">{message}</p> : null}
      {reference}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href={here}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
          className={`${buttonClass} bg-accent text-white hover:bg-accent-strong`}
        >
          {t("errors.refreshPage")}
        </a>
        <a
          href={here}
          onClick={(event) => {
            event.preventDefault();
            void revalidator.revalidate();
          }}
          className={`${buttonClass} border border-slate-300 bg-white text-ink hover:bg-slate-50`}
        >
          {t("errors.tryAgain")}
        </a>
        <Link
          to={localized("/")}
          className={`${buttonClass} border border-slate-300 bg-white text-ink hover:bg-slate-50`}
        >
          {t("errors.goHome")}
        </Link>
      </div>
      {details ? (
        <pre className="mt-10 w-full overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-xs text-slate-700">
          {details}
        </pre>
      ) : null}
    </section>
  );
}
