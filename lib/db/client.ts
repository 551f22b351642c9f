import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/config/env";
import { log } from "@/lib/log/logger";

// The one Prisma client. It connects as the application role, which owns no table and cannot
// bypass row-level security: every tenant query must run inside withOrg() (lib/db/tenant.ts).
const globalForPrisma = globalThis as unknown as { pulsewellPrisma?: PrismaClient };

export function db(): PrismaClient {
  if (!globalForPrisma.pulsewellPrisma) {
    const adapter = new PrismaPg(
      {
        connectionString: env().DATABASE_APP_URL,
        max: 10,
        // Without a limit a connect to an unreachable host waits for the operating system (minutes),
        // holding the request; with one it becomes a 503 the client can retry. Long enough that a
        // burst queueing for the pool's ten connections still waits its turn.
        connectionTimeoutMillis: 10_000,
        keepAlive: true,
      },
      {
        // The pool drops a client whose connection failed (idle or in use) and opens a new one on
        // the next query, so the app recovers by itself when the database is back. These events
        // must be listened to: node-postgres rethrows an unhandled 'error' and ends the process.
        onPoolError: (err) => log.warn("db.idle_connection_lost", { err }),
        onConnectionError: (err) => log.warn("db.connection_lost", { err }),
      },
    );
    globalForPrisma.pulsewellPrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.pulsewellPrisma;
}
