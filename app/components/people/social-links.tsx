import { Icon } from "~/components/icons";
import type { Socials } from "~/content/schemas";
import { realSocialLinks } from "./socials";
import { useText } from "~/i18n/use-text";

/** A person's social icons; only real links appear, and nothing at all when there is none. */
export function SocialLinks({ socials, name, className }: { socials: Socials; name: string; className?: string }) {
  const { t } = useText();
  const links = realSocialLinks(socials);
  if (links.length === 0) return null;
  return (
    <ul className={["flex flex-wrap items-center gap-1", className].filter(Boolean).join(" ")}>
      {links.map(({ platform, label, url }) => {
        // A mail link opens the mail app, not a page, so it stays in the same tab.
        const external = !url.startsWith("mailto:");
        return (
          <li key={platform}>
            <a
              href={url}
              {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-red-50 hover:text-accent focus-ring"
            >
              <Icon name={platform} className="size-5" />
              {/* Text, not aria-label: text browsers read no ARIA and would show an empty link. */}
              <span className="sr-only">{t("content.people.socialLink", { name, platform: label })}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
