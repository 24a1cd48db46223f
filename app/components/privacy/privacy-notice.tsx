/** What the privacy notice says about this server's settings, in either language (routes/privacy.tsx's loader). */
export interface PrivacyNoticeProps {
  contactEmail: string;
  idCardDays: number;
  submissionDays: number;
  /** Where another system (the council API) keeps accounts or entries, the site cannot show or erase them. */
  accountsOnSite: boolean;
  entriesOnSite: boolean;
  /** Whether the site sends e-mails: then the notice lists them. */
  sendsMail: boolean;
  mailDays: number;
  /** How long a College ID the council found to be a claimant's is kept for the claim's address. */
  claimReservationDays: number;
  /** The day the notice last changed, written in the page's language. */
  lastChanged: string;
}

export const sectionClass = "mt-8 space-y-3 text-slate-700";
export const headingClass = "text-xl font-bold text-ink";

/** The council's address as the notice links it, in either language. */
export function ContactEmail({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-semibold text-accent underline underline-offset-2">
      {address}
    </a>
  );
}
