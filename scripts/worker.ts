// `npm run worker`: the job worker as its own process (e-mail delivery, the survey scheduler), for
// installations that scale out. Run the web instances with JOBS_IN_PROCESS=0 and as many workers
// as needed; each job runs once whatever their number. The database must already be migrated
// (npm start or npm run db:migrate does it).
import { existsSync } from "node:fs";
import path from "node:path";
import { deriveAppUrl } from "@/lib/config/database-urls";

const root = path.resolve(import.meta.dirname, "..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

function configure(): void {
  if (!process.env.AUTH_SECRET) throw new Error("AUTH_SECRET is required (the same value as the web instances).");
  if (!process.env.DATABASE_APP_URL) {
    if (!process.env.DATABASE_URL)
      throw new Error("Set DATABASE_APP_URL, or DATABASE_URL to derive it from (see .env.example).");
    process.env.DATABASE_APP_URL = deriveAppUrl(process.env.DATABASE_URL, process.env.AUTH_SECRET);
  }
}

async function main(): Promise<void> {
  configure();
  // Imported after the configuration is in place: env() reads it once.
  const { startWorkers, stopSurveyClock } = await import("@/lib/jobs/worker");
  const { boss } = await import("@/lib/jobs/boss");
  const { isDatabaseUnavailable } = await import("@/lib/db/errors");
  const { log } = await import("@/lib/log/logger");
  // pg-boss 10 records a finished job's completion or failure without awaiting it (its manager's
  // onFetch): while the database is unreachable that rejection is unhandled, and Node would end
  // the worker at the first restart of PostgreSQL. Only that is logged and survived: the job
  // stays active until it expires and runs again, and every job is written to run more than once
  // (a message is claimed and marked sent; two workers run them side by side). Anything else
  // still ends the process, as before.
  process.on("unhandledRejection", (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    log.warn("jobs.bookkeeping_lost", { err });
  });
  await startWorkers();
  console.log("Pulsewell worker running (e-mail delivery, survey scheduler). Ctrl+C to stop.");

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopSurveyClock();
    // Graceful: jobs in hand finish (up to pg-boss's timeout) before the process leaves.
    await (await boss()).stop({ graceful: true, wait: true });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
