import type { Catalogue } from "../en";

/** The content texts in Hindi (see ../hi.ts). */
export const content: Catalogue["content"] = {};
