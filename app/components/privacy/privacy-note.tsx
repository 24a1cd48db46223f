import { Link } from "react-router";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useLocalizedPath } from "~/i18n/use-locale";

/**
 * One line beside a form's submit button that collects personal data: what the form's data is for, and where the
 * privacy notice says how it is kept, who sees it and how to have it erased.
 */
export function PrivacyNote({ purpose }: { purpose: string }) {
  // The forms give their purpose in the page's language (forms.privacyNote); the link is in it too.
  const { privacyNote } = useFormTexts();
  const localized = useLocalizedPath();
  return (
    <p className="text-sm text-slate-600">
      {purpose}{" "}
      <Link to={localized("/privacy")} className="font-semibold text-accent underline underline-offset-2">
        {privacyNote.link}
      </Link>
      .
    </p>
  );
}
