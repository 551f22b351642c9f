import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/config/env";
import { log } from "@/lib/log/logger";

// One pg-boss instance per process, on the application role. Its schema and queues are installed
// by the migration step, so `migrate: false` here.
/** How often pg-boss's maintenance (one process at a time, under its own timestamp lock) fails
 * jobs past their expiry. Its default, two minutes, would add that much to the time a minute job
 * left active by a dead worker blocks the next one (TICK_EXPIRE_SECONDS in lib/jobs/queues.ts). */
export const MAINTENANCE_SECONDS = 15;

const g = globalThis as unknown as { pulsewellBoss?: Promise<PgBoss> };

export function boss(): Promise<PgBoss> {
  g.pulsewellBoss ??= (async () => {
    const b = new PgBoss({
      connectionString: env().DATABASE_APP_URL,
      migrate: false,
      max: 4,
      schedule: false,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    });
    b.on("error", (err) => log.error("jobs.error", { err }));
    await b.start();
    return b;
  })();
  return g.pulsewellBoss;
}
