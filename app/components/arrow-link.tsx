import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons";

/** A call to go on to another page: its label followed by a right arrow. The look is the caller's. */
export function ArrowLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
      <Icon name="arrow-right" className="size-5" />
    </Link>
  );
}
