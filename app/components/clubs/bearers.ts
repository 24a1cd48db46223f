import type { Club } from "~/content/schemas";

// A club's three office-bearer roles, always in this order.
const bearerRoles = ["coordinator", "secretary", "assistant_secretary"] as const;

export interface ShownBearer {
  role: (typeof bearerRoles)[number];
  /** The role as shown: "assistant_secretary" reads "assistant secretary". */
  label: string;
  name: string;
  photo: string;
}

/** The club's bearers a visitor sees: a role whose name is blank is left out (the post is vacant). */
export function shownBearers(bearers: Club["bearers"]): ShownBearer[] {
  return bearerRoles.flatMap((role) => {
    const { name, photo } = bearers[role];
    return name.trim() ? [{ role, label: role.replaceAll("_", " "), name: name.trim(), photo }] : [];
  });
}
