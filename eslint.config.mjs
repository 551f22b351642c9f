import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import errorContract from "./scripts/lint/error-contract.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (npm run format); ESLint keeps to correctness.
  prettier,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "lib/generated/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The error contract (scripts/lint/error-contract.mjs): code that reads our API's answers decides
  // by the problem's code, never by its HTTP status or message text.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    plugins: { "error-contract": errorContract },
    rules: { "error-contract/decide-by-code": "error" },
  },
  // Dates, numbers and plurals are written by lib/format in its one locale, so the product can
  // change language in one place; listing the runtime's time zones is not formatting.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.{ts,tsx,mjs}"],
    ignores: ["lib/format/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({
          property,
          message: "Format with lib/format (formatDate, formatNumber, ...), which holds the one LOCALE.",
        })),
        {
          object: "Intl",
          allowProperties: ["supportedValuesOf"],
          message: "Format with lib/format (formatDate, formatNumber, plural, ...), which holds the one LOCALE.",
        },
      ],
    },
  },
  // Layering (CONTRIBUTING.md): pages, route handlers and components call domain functions in
  // lib/; they never query the database themselves, and components never reach into app/.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db", "@/lib/db/*", "@/lib/generated/*"],
              message:
                "Call a domain function in lib/<domain>/ instead of querying the database from app/ or components/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db", "@/lib/db/*", "@/lib/generated/*"],
              message:
                "Call a domain function in lib/<domain>/ instead of querying the database from app/ or components/.",
            },
            { group: ["@/app/*"], message: "Components import from lib/ (server actions included), never from app/." },
          ],
        },
      ],
    },
  },
]);
