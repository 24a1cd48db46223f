import type { Catalogue } from "../en";

/** The forms texts in Hindi (see ../hi.ts). */
export const forms: Catalogue["forms"] = {};
