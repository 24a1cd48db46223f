import type { ReactNode } from "react";

/** One of the profile's cards below its header (the e-mail address, your data), named by its heading. */
export function ProfileSection({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`mx-auto mt-8 max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200${className ? ` ${className}` : ""}`}
    >
      <h2 id={id} className="text-xl font-bold text-ink">
        {heading}
      </h2>
      {children}
    </section>
  );
}
