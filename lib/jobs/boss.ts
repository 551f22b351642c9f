import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/config/env";
import { log } from "@/lib/log/logger";

// One pg-boss instance per process, on the application role. Its schema and queues are installed
// by the migration step, so `migrate: false` here.
const g = globalThis as unknown as { pulsewellBoss?: Promise<PgBoss> };

export function boss(): Promise<PgBoss> {
  g.pulsewellBoss ??= (async () => {
    const b = new PgBoss({ connectionString: env().DATABASE_APP_URL, migrate: false, max: 4, schedule: false });
    b.on("error", (err) => log.error("jobs.error", { err }));
    await b.start();
    return b;
  })();
  return g.pulsewellBoss;
}
