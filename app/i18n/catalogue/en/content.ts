/** The content texts in English (see ../en.ts): filled in as these pages move into the catalogue. */
export const content = {} as const;
