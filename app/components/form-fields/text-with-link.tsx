import { Link } from "react-router";
import { useLocalizedPath } from "~/i18n/use-locale";

/**
 * A catalogue text with one link in it, written "… <link>words of the link</link> …": each language puts the link
 * where its sentence needs it. `to` is the English path; the link stays in the page's language.
 */
export function TextWithLink({ text, to }: { text: string; to: string }) {
  const localized = useLocalizedPath();
  const [before, linked, after] = text.split(/<\/?link>/);
  return (
    <>
      {before}
      <Link to={localized(to)} className="font-semibold text-accent underline underline-offset-2">
        {linked}
      </Link>
      {after}
    </>
  );
}
