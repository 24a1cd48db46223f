import { z } from "zod";

/**
 * zod for every form schema. zod compiles faster parsers with `new Function` where a page allows it, and finds out
 * by trying: under our Content-Security-Policy (no 'unsafe-eval') that try is a violation the browser reports, on
 * every page that loads a schema. The forms are small; the plain parser is fast enough.
 */
z.config({ jitless: true });

export { z };
