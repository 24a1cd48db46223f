import type { ReactNode } from "react";

/** The heading a content page opens with: its one h1 and, optionally, a short introduction. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <span aria-hidden="true" className="mx-auto mt-4 block h-1 w-12 rounded-full bg-accent" />
      {intro ? <p className="mt-4 text-base text-pretty text-slate-600 sm:text-lg">{intro}</p> : null}
    </header>
  );
}

/** A content page's width, spacing and heading, so the clubs, people and gallery pages line up with each other. */
export function ContentPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader title={title} intro={intro} />
      <div className="mt-10 sm:mt-12">{children}</div>
    </div>
  );
}

/** A form page's width, spacing and heading; the form follows. */
export function FormPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader title={title} intro={intro} />
      {children}
    </div>
  );
}
