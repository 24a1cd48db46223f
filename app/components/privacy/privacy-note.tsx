import { Link } from "react-router";
import { useFormTexts } from "~/components/forms/use-form-texts";
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

/** What each form's data is for, as the forms and the privacy notice both say it. */
export const formPurposes = {
  join: "The council uses these details only to consider your application and contact you about it.",
  registration: "Your details make your account; the ID card is used only to check that you are a student here.",
  team: "The council uses the team's details only to run the hackathon and contact its members.",
  suggestion: "The council uses your name and enrollment number only to follow up on your suggestion.",
  ideas: "The council uses your name and enrollment number only to follow up on your idea.",
} as const;
