import type { Catalogue } from "../en";

/** The events texts in Hindi (see ../hi.ts). */
export const events: Catalogue["events"] = {};
