import { erasureLabel } from "~/inbox/entry-fields";
import { readableIndianTime } from "~/time/india-time";
import type { ErasedEntry } from "~/inbox/entries";

/**
 * The section's latest erasures, so a member sees that something went and why, never what it held: the store keeps
 * no name, title or text of an erased entry, and neither does this list.
 */
export function RecentErasures({ erasures }: { erasures: ErasedEntry[] }) {
  if (erasures.length === 0) return null;
  return (
    <section aria-labelledby="inbox-erasures-title" className="mt-10 rounded-2xl bg-slate-50 p-4 sm:p-6">
      <h3 id="inbox-erasures-title" className="font-semibold text-ink">
        Recently erased
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {erasures.map((erasure, index) => (
          <li key={index}>
            {erasureLabel(erasure)}, <time dateTime={erasure.at}>{readableIndianTime(erasure.at)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
