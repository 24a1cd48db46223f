import { Link } from "react-router";

/**
 * One line beside a form's submit button that collects personal data: what the form's data is for, and where the
 * privacy notice says how it is kept, who sees it and how to have it erased.
 */
export function PrivacyNote({ purpose }: { purpose: string }) {
  return (
    <p className="text-sm text-slate-600">
      {purpose}{" "}
      <Link to="/privacy" className="font-semibold text-accent underline underline-offset-2">
        How we keep your data
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
