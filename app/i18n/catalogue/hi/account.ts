import type { Catalogue } from "../en";

/** The account texts in Hindi (see ../hi.ts). */
export const account: Catalogue["account"] = {};
