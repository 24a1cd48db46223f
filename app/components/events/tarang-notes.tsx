import type { ComponentProps } from "react";
import { useText } from "~/i18n/use-text";
import { ContentSection } from "./content-section";
import { CoordinatorList } from "./coordinator-list";

/** Tarang's entry notes as a bulleted list: under the categories and on each category's page. */
export function EntryNotes({ notes, className }: { notes: string[]; className: string }) {
  return (
    <ul className={`${className} space-y-3`}>
      {notes.map((note) => (
        <li key={note} className="flex gap-3 text-slate-700">
          <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent" />
          {note}
        </li>
      ))}
    </ul>
  );
}

/** The entry rules every Tarang participant must know before registering. */
function TarangNotes({ notes }: { notes: string[] }) {
  const { t } = useText();
  return (
    <div className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h3 className="text-xl font-bold text-slate-900">{t("events.tarang.importantNotes")}</h3>
      <EntryNotes notes={notes} className="mt-5" />
    </div>
  );
}

/** The section under Tarang's categories: the entry rules, and the student coordinators who take registrations. */
export function TarangNotesSection({
  notes,
  coordinators,
}: {
  notes: string[];
  coordinators: ComponentProps<typeof CoordinatorList>["coordinators"];
}) {
  const { t } = useText();
  return (
    <ContentSection id="notes" eyebrow={t("events.tarang.notesEyebrow")} title={t("events.tarang.notesTitle")} tinted>
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <TarangNotes notes={notes} />
        </div>
        <div className="lg:col-span-2">
          <h3 className="mb-5 text-xl font-bold text-slate-900">{t("events.tarang.studentCoordinators")}</h3>
          <CoordinatorList coordinators={coordinators} stacked />
        </div>
      </div>
    </ContentSection>
  );
}
