import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work on
// these machines) against `npm start` on real subdomains of localhost:<E2E_PORT>.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ROOT = `localhost:${E2E_PORT}`;
// Its own data folder per port, so a second run on another E2E_PORT (and NEXT_DIST_DIR) never
// touches the first one's database.
export const E2E_DATA_DIR = E2E_PORT === 3100 ? ".data/e2e" : `.data/e2e-${E2E_PORT}`;
// The integrations app: a second app from the same build, configured with an AI endpoint (Boss
// Bot's OpenAI-compatible path, tests/e2e/coach-openai.spec.ts, and the fake OpenAI-compatible
// server it talks to) and with Stripe (the local stand-in that scripts/start.ts runs for an
// embedded installation without Stripe keys; tests/e2e/billing.spec.ts). Every other spec keeps
// testing the first app, which has neither (the built-in coach alone, a self-hosted installation
// without billing).
export const AI_E2E_PORT = E2E_PORT + 50;
export const AI_ROOT = `localhost:${AI_E2E_PORT}`;
export const AI_E2E_DATA_DIR = `${E2E_DATA_DIR}-ai`;
export const FAKE_OPENAI_PORT = E2E_PORT + 60;
/** Where the integrations app's Stripe stand-in (started by scripts/start.ts on a free port) writes
 * its address, http://127.0.0.1:<port>. */
export const STRIPE_STANDIN_URL_FILE = `${AI_E2E_DATA_DIR}/stripe-standin-url`;
const distDir: Record<string, string> = process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {};

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
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
  // Started one after the other, each once the one before answers: the first app builds when the
  // sources changed, so the second finds that build fresh and only serves it (no second build, no
  // two builds racing for the same NEXT_DIST_DIR).
  webServer: [
    {
      // A throwaway data folder: a fresh embedded PostgreSQL and demo workspace per run.
      command: `rm -rf ${E2E_DATA_DIR} && npx tsx scripts/start.ts`,
      url: `http://127.0.0.1:${E2E_PORT}/login`,
      // Always its own embedded database (DATABASE_URL emptied), whatever the shell has set, and no
      // Stripe (STRIPE_STANDIN=0): the self-hosted path, without billing, is tested here.
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        ROOT_DOMAIN: ROOT,
        E2E: "1",
        DATABASE_URL: "",
        STRIPE_STANDIN: "0",
        ...distDir,
      },
      timeout: 400_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      name: "FakeOpenAI",
      command: `npx tsx tests/support/fake-openai-server.ts ${FAKE_OPENAI_PORT}`,
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1/models`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The integrations app.
      name: "WebServerAI",
      command: `rm -rf ${AI_E2E_DATA_DIR} && npx tsx scripts/start.ts`,
      url: `http://127.0.0.1:${AI_E2E_PORT}/login`,
      // AI_TIMEOUT_MS short: a provider that never answers falls back in seconds, not 20. No Stripe
      // keys: scripts/start.ts starts its Stripe stand-in, on a free port (STRIPE_STANDIN_URL_FILE).
      env: {
        PORT: String(AI_E2E_PORT),
        DATA_DIR: AI_E2E_DATA_DIR,
        ROOT_DOMAIN: AI_ROOT,
        E2E: "1",
        DATABASE_URL: "",
        STRIPE_STANDIN: "1",
        STRIPE_STANDIN_PORT: "0",
        ...distDir,
        AI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        AI_API_KEY: "test",
        AI_MODEL: "fake-model",
        AI_TIMEOUT_MS: "5000",
      },
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
