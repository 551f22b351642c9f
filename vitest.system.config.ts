// The system tests (`npm run test:system`): the production build served by real processes (app
// instances, workers, PostgreSQL 15, PgBouncer, nginx from Debian's packages). Each file starts its
// own topology once and reuses it across its tests; files run one after another, since two clusters
// at once would only compete for the same cores.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "tests/support/empty-module.ts"),
    },
  },
  test: {
    name: "system",
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/system/support/global-setup.ts"],
    fileParallelism: false,
    passWithNoTests: true,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
