const badgeTone = {
  /** On a white card. */
  tinted: "bg-red-50",
  /** On a tinted section. */
  outlined: "bg-white ring-1 ring-slate-200",
};

/** An event's rules, each after its number in a round badge. */
export function NumberedRules({
  rules,
  tone,
  className,
}: {
  rules: readonly string[];
  tone: keyof typeof badgeTone;
  className: string;
}) {
  return (
    <ol className={`space-y-4 ${className}`}>
      {rules.map((rule, index) => (
        <li key={rule} className="flex gap-4 text-slate-700">
          {/* The list numbers its items for screen readers and text browsers (w3m writes "1."): the badge's number
              is for the eye only, drawn by the stylesheet, so nobody reads "1. 1Each team…". */}
          <span
            aria-hidden="true"
            data-drawn-text={String(index + 1)}
            className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-accent ${badgeTone[tone]}`}
          />
          <span className="pt-0.5">{rule}</span>
        </li>
      ))}
    </ol>
  );
}
