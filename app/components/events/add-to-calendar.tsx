import { useText } from "~/i18n/use-text";

interface AddToCalendarProps {
  /** The event's calendar file, e.g. "/sih/calendar.ics". */
  href: string;
  /** When it is, in India's time and the page's language: "24 Apr 2027, 09:00 IST to 24 Apr 2027, 18:00 IST". */
  when: string;
  location: string;
}

/**
 * When and where the event is, with its calendar file: a plain link the browser downloads, so it works without any
 * script (the event pages ship none).
 */
export function AddToCalendar({ href, when, location }: AddToCalendarProps) {
  const { t } = useText();
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
      <p className="text-slate-200">
        <span className="font-semibold text-white">{t("events.calendar.when")}</span> {when}
        <br />
        <span className="font-semibold text-white">{t("events.calendar.where")}</span> {location}
      </p>
      <a
        href={href}
        download
        className="inline-flex items-center justify-center self-start rounded-full bg-white/10 px-5 py-2.5 font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 focus-ring-white sm:self-center"
      >
        {t("events.calendar.add")}
      </a>
    </div>
  );
}
