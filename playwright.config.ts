import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work on
// these machines) against `npm start` on real subdomains of localhost:<E2E_PORT>.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ROOT = `localhost:${E2E_PORT}`;
// Its own data folder per port, so a second run on another E2E_PORT (and NEXT_DIST_DIR) never
// touches the first one's database.
export const E2E_DATA_DIR = E2E_PORT === 3100 ? ".data/e2e" : `.data/e2e-${E2E_PORT}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://freshleadershipworld.${ROOT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    // A throwaway data folder: a fresh embedded PostgreSQL and demo workspace per run.
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx scripts/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    // Always its own embedded database (DATABASE_URL emptied), whatever the shell has set.
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, ROOT_DOMAIN: ROOT, E2E: "1", DATABASE_URL: "", ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}) },
    timeout: 400_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
