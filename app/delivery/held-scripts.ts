/**
 * The first signs that a visitor is using a page rather than only reading it: a touch, a click, a key, focus, or the
 * mouse over it. A page's held scripts start on the first of them (inline/starter.ts), and so does the code of its
 * forms (whenUsed in deferred.ts).
 */
export const signsOfUse = ["pointerdown", "touchstart", "keydown", "focusin", "mouseover"] as const;

/**
 * The id of the <template> in which a page that ships the framework holds React Router's scripts (root.tsx): inside
 * it a <noscript>, so the browser neither runs nor preloads them, with scripting on or off, and React leaves them
 * where they are written. A page that has it had its scripts started by the visitor's first use.
 */
export const heldScriptsId = "held-scripts";
