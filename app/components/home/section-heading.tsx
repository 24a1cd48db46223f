interface SectionHeadingProps {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
  align?: "center" | "start";
}

/** The eyebrow, title and lead every home section opens with, so the sections share one rhythm. */
export function SectionHeading({ id, eyebrow, title, children, align = "center" }: SectionHeadingProps) {
  const alignment = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`max-w-2xl ${alignment}`}>
      <p className="text-sm font-semibold tracking-wider text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-4 text-lg text-slate-600">{children}</div> : null}
    </div>
  );
}
