// Lint rules for the whole tree: type-checked TypeScript rules (promises that are neither awaited nor handled are
// the bugs we most want caught), the rules of hooks, and accessibility rules for JSX.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "playwright-report/**",
      "test-results/**",
      "blob-report/**",
      "data-store/**",
      ".lighthouse/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Loaders and actions end early by throwing the redirect or data response that React Router answers with.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // The browser carries no i18n library (decision 21): an import of one would bring it back to every form page.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/i18n/i18n.ts", "app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["react-i18next", "i18next"].map((name) => ({
            name,
            message: "Take texts from useText() (app/i18n/use-text.tsx); i18next runs on the server only.",
          })),
        },
      ],
    },
  },
  {
    // The store records what happened; the mail module says it (docs/decisions/0016). The e-mails' words stay out
    // of the database layer: the composition root (app/server/app.server.ts) hands the store the mail module's writer.
    files: ["app/server/backend/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/mail/*", "../mail/*", "../../mail/*"],
              message:
                "The store records an event (built-in/mail-events.server.ts); app/server/mail/ writes its words.",
            },
          ],
        },
      ],
    },
  },
);
