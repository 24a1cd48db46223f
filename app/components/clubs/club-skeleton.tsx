/**
 * The placeholder the club page shows while a client-side navigation loads it. Shaped like ClubProfile so the page does
 * not jump when the club arrives.
 */
export function ClubSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <span className="sr-only" role="status">
        Loading club…
      </span>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <Bar className="h-5 w-32" />
        <div className="mt-6 flex flex-col items-center gap-6 rounded-3xl bg-slate-50 px-6 py-10 ring-1 ring-slate-200 sm:flex-row sm:px-10">
          <div className="size-28 shrink-0 rounded-2xl bg-slate-200 sm:size-36" />
          <div className="flex w-full flex-col items-center gap-5 sm:items-start">
            <Bar className="h-9 w-3/4 max-w-md" />
            <div className="h-10 w-48 rounded-full bg-slate-200" />
          </div>
        </div>
        <Bar className="mt-12 h-7 w-48" />
        <div className="mt-4 space-y-3">
          <Bar className="h-4 w-full max-w-3xl" />
          <Bar className="h-4 w-5/6 max-w-2xl" />
        </div>
        <div className="mt-8 grid gap-5 md:grid-cols-2">
          <div className="h-32 rounded-2xl bg-slate-100" />
          <div className="h-32 rounded-2xl bg-slate-100" />
        </div>
        <Bar className="mt-14 h-7 w-40" />
        <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((slot) => (
            <div key={slot} className="flex flex-col items-center rounded-2xl p-6 ring-1 ring-slate-200">
              <div className="size-28 rounded-full bg-slate-200" />
              <Bar className="mt-4 h-5 w-32" />
              <Bar className="mt-2 h-4 w-20" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Bar({ className }: { className: string }) {
  return <div className={`rounded-md bg-slate-200 ${className}`} />;
}
