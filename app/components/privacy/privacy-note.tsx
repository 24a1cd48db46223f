import { Link } from "react-router";
import { useFormTexts } from "~/components/forms/use-form-texts";
import type { Locale } from "~/i18n/locale";
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

/** The same purposes in Hindi, for the Hindi notice and the Hindi forms. */
export const formPurposesHi = {
  join: "काउंसिल इन जानकारियों का इस्तेमाल सिर्फ़ आपके आवेदन पर विचार करने और उसके बारे में आपसे संपर्क करने के लिए करती है।",
  registration: "आपकी जानकारी से आपका अकाउंट बनता है; आईडी कार्ड का इस्तेमाल सिर्फ़ यह जाँचने के लिए होता है कि आप यहाँ के छात्र हैं।",
  team: "काउंसिल टीम की जानकारी का इस्तेमाल सिर्फ़ हैकाथॉन चलाने और उसके सदस्यों से संपर्क करने के लिए करती है।",
  suggestion: "काउंसिल आपके नाम और नामांकन संख्या का इस्तेमाल सिर्फ़ आपके सुझाव पर आगे बात करने के लिए करती है।",
  ideas: "काउंसिल आपके नाम और नामांकन संख्या का इस्तेमाल सिर्फ़ आपके विचार पर आगे बात करने के लिए करती है।",
} as const satisfies Record<keyof typeof formPurposes, string>;

/** The purposes in a page's language, for a form to hand to PrivacyNote. */
export function formPurposesIn(locale: Locale): Record<keyof typeof formPurposes, string> {
  return locale === "hi" ? formPurposesHi : formPurposes;
}
