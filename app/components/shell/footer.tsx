import { Fragment } from "react";
import { Link } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { LanguageLink } from "./language-link";
import { Icon } from "~/components/icons";
import { quickLinks } from "./nav-links";
import type { PublicSite } from "./site";

const headingClass = "text-base font-semibold tracking-wide text-white";
const linkClass = "rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-ring-white";

/** The footer: About Us, Quick Links, Contact Info, the Developer Team button, and the rights line. */
export function Footer({ site }: { site: PublicSite | undefined }) {
  const year = new Date().getFullYear();
  const { t } = useText();
  const localized = useLocalizedPath();

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        {site ? (
          <div>
            <h2 className={headingClass}>{t("footer.aboutUs")}</h2>
            <p className="mt-4 text-sm leading-relaxed">{site.aboutBlurb}</p>
            <ul className="mt-5 flex flex-wrap gap-2">
              {site.socialLinks.map((social) => (
                <li key={social.platform}>
                  <a
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-accent hover:text-white focus-ring-white"
                  >
                    <Icon name={social.platform} className="h-5 w-5" />
                    {/* Text, not aria-label: text browsers read no ARIA and would show an empty link. */}
                    <span className="sr-only">
                      {t("footer.socialLink", { site: site.name, platform: social.label })}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={localized(link.to)} className={linkClass}>
                  {t(`nav.${link.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {site ? (
          <div>
            <h2 className={headingClass}>{t("footer.contactInfo")}</h2>
            <address className="mt-4 space-y-3 text-sm not-italic">
              <p className="flex gap-2">
                <Icon name="map-pin" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
                {/* Line breaks, not CSS blocks: a text browser or a screen reader otherwise runs the lines together. */}
                <span>
                  {site.address.map((line, index) => (
                    <Fragment key={line}>
                      {index > 0 ? <br /> : null}
                      {line}
                    </Fragment>
                  ))}
                </span>
              </p>
              <p className="flex gap-2">
                <Icon name="email" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
                <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
                  {site.email}
                </a>
              </p>
            </address>
          </div>
        ) : null}

        <div className="lg:pt-9">
          <Link
            to={localized("/developers")}
            className="inline-flex items-center gap-2 rounded-lg bg-accent px-5 py-3 text-sm font-semibold text-white shadow transition-colors hover:bg-accent-strong focus-ring-white"
          >
            <Icon name="users" className="h-5 w-5" />
            {t("footer.developerTeam")}
          </Link>
        </div>
      </div>

      <div className="border-t border-slate-800">
        {/* The year is read where the page is rendered; around midnight on 31 December the two may differ. */}
        <p
          suppressHydrationWarning
          className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-slate-400 sm:px-6 lg:px-8"
        >
          © {year} {site ? `${site.name}. ` : ""}
          {t("footer.allRightsReserved")}{" "}
          <Link to={localized("/privacy")} className="text-slate-300 underline underline-offset-2 hover:text-white">
            {t("footer.privacyNotice")}
          </Link>{" "}
          <LanguageLink className="ml-2 text-slate-300 underline underline-offset-2 hover:text-white" />
        </p>
      </div>
    </footer>
  );
}
