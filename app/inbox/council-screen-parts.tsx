import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-fields/field";

/**
 * What the council's screens (the inbox at /council, the accounts at /council/accounts) share: a card per entry or
 * account, the confirmation step of a button that removes something, a refusal under its card, the pages as links,
 * and how a student's words are set apart from the page's own.
 */

/**
 * Text a student typed, isolated from what surrounds it: whatever direction characters it holds (the form drops the
 * overrides, older entries may still have them), it cannot reorder the page's own words around it, and a name in a
 * right-to-left script reads right.
 */
export function StudentText({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}

/** A link that looks like a secondary button (Cancel, Reject). */
export const linkButton =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-white px-5 py-3 font-semibold text-accent ring-2 ring-accent ring-inset hover:bg-red-50 focus-ring";

/**
 * Whether the form being submitted carries each of these fields with these values, so that the button that sent it
 * shows it pending.
 */
export function useSubmitting(): (fields: Record<string, string>) => boolean {
  const navigation = useNavigation();
  return (fields) =>
    navigation.state === "submitting" &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
}

/**
 * A button's form: a POST to the screen itself, so it works without scripts, whose hidden fields say what the button
 * acts on (`{ intent: "erase", entry: "idea-3" }`); the buttons are its children.
 */
export function ButtonForm({
  fields,
  className,
  children,
}: {
  fields: Record<string, string | number>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** One entry or account as a card, named by its title (CardTitle with the same `id`). */
export function CouncilCard({ id, children }: { id: string; children: ReactNode }) {
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-28 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      {children}
    </article>
  );
}

export function CardTitle({ cardId, children }: { cardId: string; children: ReactNode }) {
  return (
    <h3 id={`${cardId}-title`} className="text-lg font-bold break-words text-ink">
      {children}
    </h3>
  );
}

/** The refusal of the last button pressed, under the card it was about. */
export function CardRefusal({ messages }: { messages: string[] | undefined }) {
  return messages?.length ? (
    <div className="mt-3">
      <FormMessage messages={messages} />
    </div>
  ) : null;
}

/**
 * The confirmation step of a button that removes something: the question, then `children` (its form and a Cancel
 * link). With scripts the link that opened the step is gone, so keyboard and screen-reader users land on the question;
 * `centre` also scrolls it to the middle of the screen, where the browser's own jump to the step's address (a full
 * page load only) would not otherwise show it whole.
 */
export function ConfirmationStep({
  id,
  question,
  centre = false,
  children,
}: {
  id: string;
  question: ReactNode;
  centre?: boolean;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!centre) {
      panel.current?.focus();
      return;
    }
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: "center" });
  }, [centre]);
  return (
    <div
      id={id}
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-question`}
      className="mt-5 scroll-mt-28 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 focus:outline-none focus-ring"
    >
      <p id={`${id}-question`} className="font-semibold text-red-900">
        {question}
      </p>
      {children}
    </div>
  );
}

/** Newer and older pages as links (newest first); `hrefOf` keeps the rest of the screen's address. */
export function Pagination({
  page,
  pageCount,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const linkClass =
    "rounded-md px-4 py-2 font-semibold text-accent ring-2 ring-accent ring-inset hover:bg-red-50 focus-ring";
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className={linkClass}>
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next" className={linkClass}>
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
