import type { ReactNode } from "react";

interface ContentSectionProps {
  /** The anchor the section navigation links to. */
  id: string;
  eyebrow: string;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}

/** One titled band of an event page; anchored sections stop clear of the fixed bar and the sticky section nav. */
export function ContentSection({ id, eyebrow, title, tinted = false, children }: ContentSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-[calc(var(--spacing-nav)+3.5rem)] py-16 sm:py-24 ${tinted ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">{eyebrow}</p>
        <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
