import { Link } from "react-router";

const pages = [
  { key: "inbox", to: "/council", label: "Inbox" },
  { key: "accounts", to: "/council/accounts", label: "Accounts" },
  { key: "content", to: "/council/content", label: "Site content" },
] as const;

/**
 * The council's pages as links: the inbox, the accounts whose College ID awaits a check (where the site checks
 * them), and the site's content.
 */
export function CouncilPages({
  current,
  accounts = true,
}: {
  current: (typeof pages)[number]["key"];
  accounts?: boolean;
}) {
  return (
    <nav aria-label="Council pages" className="mt-6 flex justify-center">
      <ul className="inline-flex flex-wrap justify-center gap-1 rounded-xl bg-slate-100 p-1">
        {pages
          .filter((page) => accounts || page.key !== "accounts")
          .map((page) => {
            const isCurrent = page.key === current;
            return (
              <li key={page.key}>
                <Link
                  to={page.to}
                  aria-current={isCurrent ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg px-4 font-semibold focus-ring ${
                    isCurrent ? "bg-white text-ink shadow-sm" : "text-slate-700 hover:bg-white hover:text-ink"
                  }`}
                >
                  {page.label}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
