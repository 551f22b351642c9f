import { defineConfig } from "vitest/config";
import path from "node:path";

const root = import.meta.dirname;
const resolve = {
  alias: {
    "@": root,
    // Next's guard against importing server modules into client bundles; meaningless in tests.
    "server-only": path.join(root, "tests/support/empty-module.ts"),
  },
};

export default defineConfig({
  resolve,
  test: {
    projects: [
      { resolve, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One embedded PostgreSQL for the run; each test file gets its own database cloned
          // from a migrated template, so files run in parallel without seeing each other.
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/file-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
