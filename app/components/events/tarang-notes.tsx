/** The entry rules every Tarang participant must know before registering. */
export function TarangNotes({ notes }: { notes: string[] }) {
  return (
    <div className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h3 className="text-xl font-bold text-slate-900">Important notes</h3>
      <ul className="mt-5 space-y-3">
        {notes.map((note) => (
          <li key={note} className="flex gap-3 text-slate-700">
            <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent" />
            {note}
          </li>
        ))}
      </ul>
    </div>
  );
}
