import type { ReactNode } from "react";

interface EventHeroProps {
  eyebrow: ReactNode;
  title: string;
  lead: string;
  /** Buttons or facts under the lead. */
  children?: ReactNode;
}

/** The dark banner the hackathon and Tarang pages open with; it holds the page's one h1. */
export function EventHero({ eyebrow, title, lead, children }: EventHeroProps) {
  return (
    <header className="relative isolate overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgb(185_28_28/0.55),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(30_41_59/0.9),transparent_60%)]"
      />
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 sm:py-28">
        <p className="text-sm font-semibold tracking-wider text-red-200 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl">{lead}</p>
        {children ? <div className="mt-9">{children}</div> : null}
      </div>
    </header>
  );
}
