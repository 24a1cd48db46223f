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
          <span
            className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-accent ${badgeTone[tone]}`}
          >
            {index + 1}
          </span>
          <span className="pt-0.5">{rule}</span>
        </li>
      ))}
    </ol>
  );
}
