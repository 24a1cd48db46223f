import { useText } from "~/i18n/use-text";
import { Icon } from "~/components/icons";

export interface Coordinator {
  name: string;
  phone: string;
}

/** Student coordinators with their phone numbers as tap-to-call links. */
export function CoordinatorList({ coordinators, stacked = false }: { coordinators: Coordinator[]; stacked?: boolean }) {
  const { t } = useText();
  return (
    <ul className={`grid gap-4 ${stacked ? "" : "sm:grid-cols-2"}`}>
      {coordinators.map((coordinator) => (
        <li
          key={coordinator.phone}
          className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-red-50 text-accent">
            <Icon name="users" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{coordinator.name}</p>
            <a
              // The data writes numbers with spaces for reading; a tel: link wants the digits alone.
              href={`tel:${coordinator.phone.replace(/\s+/g, "")}`}
              className="mt-0.5 inline-flex min-h-6 items-center gap-1.5 text-slate-700 hover:text-accent focus-ring"
            >
              <Icon name="phone" className="size-4" />
              <span className="whitespace-nowrap">
                <span className="sr-only">{t("events.coordinators.call", { name: coordinator.name })}</span>
                {coordinator.phone}
              </span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
