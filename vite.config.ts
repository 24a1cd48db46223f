import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { inlineScripts } from "./app/delivery/inline-scripts-plugin.ts";
import { catalogueSplit } from "./app/i18n/catalogue-parts-plugin.ts";

export default defineConfig({
  plugins: [inlineScripts(), catalogueSplit(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // React Router preloads each route's modules from the page itself; Vite's own helper for preloading what a dynamic
  // import needs would add its code and a list of every chunk to the first load, for code that is loaded late anyway.
  build: { modulePreload: false },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // React, React DOM and React Router load together on every page: one chunk rather than five saves
            // their wrappers and import lists (about a kilobyte gzipped) on every first load.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]|^\0rolldown\/runtime/,
                },
                // The site's own small modules that every page with the framework loads (the root's and the browser
                // entry's: the page registry, i18n, delivery, meta) and those every form page does (its header, its words): one chunk
                // rather than fourteen saves their import lists and compresses as one text, 2 kB gzipped on a form
                // page (docs/performance.md). What only some pages use, and what loads once a page is used, stays apart.
                {
                  name: "site",
                  test: /(?:[\\/]app[\\/](?:pages|pages-derived|page-entry|i18n[\\/](?:browser-catalogue|locale|text|use-text|use-locale)|delivery[\\/](?:deferred|delivery|held-scripts|use-hydrated)|seo[\\/]meta|forms[\\/]texts|components[\\/](?:page-header|form-fields[\\/](?:first-message|use-form-texts)))\.tsx?$|^\0virtual:catalogue-pages$)/,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Tests only: the dev-server test starts with an empty cache of its own, as a fresh clone does, and leaves a
  // running `npm run dev` alone. Unset: Vite's own (node_modules/.vite).
  cacheDir: process.env.DEV_SERVER_CACHE_DIR || undefined,
  optimizeDeps: {
    // What the browser imports besides React and React Router (which React Router's plugin declares itself).
    // Undeclared, Vite finds them only on the first visit to a form page, bundles them again and reloads the page,
    // with two copies of React meanwhile ("Invalid hook call"). tests/dev-server.system.test.ts checks the first visits.
    include: ["@conform-to/react", "@conform-to/zod/v4", "zod"],
    // Server-only packages (every one the server uses, so a new import of one cannot bring the reload back). In
    // development React Router reads whole route modules in the browser's environment to find their CSS, so Vite
    // sees these imports too; they never reach the browser and must not be bundled for it.
    exclude: [
      "better-sqlite3",
      "busboy",
      "firebase-admin",
      "ics",
      "ioredis",
      "kysely",
      "lru-cache",
      "nodemailer",
      "pg",
      "pino",
      "pino-http",
      "pino-pretty",
      "prom-client",
      "rate-limiter-flexible",
      "remix-toast",
    ],
  },
});
