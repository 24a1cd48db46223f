/**
 * The first signs that a visitor is using a page rather than only reading it: a touch, a click, a key, focus, or the
 * mouse over it. A page's scripts start on the first of them (the server's script starter, scripts-after-paint), and
 * so does the code of its forms (whenUsed in deferred.ts).
 */
export const signsOfUse = ["pointerdown", "touchstart", "keydown", "focusin", "mouseover"] as const;

/**
 * The id of the page's module script as the server holds it back for the starter. A page that has it had its scripts
 * started by the visitor's first use, so by the time they run the page is in use.
 */
export const heldPageModuleId = "page-module";
