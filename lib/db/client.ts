import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/config/env";

// The one Prisma client. It connects as the application role, which owns no table and cannot
// bypass row-level security: every tenant query must run inside withOrg() (lib/db/tenant.ts).
const globalForPrisma = globalThis as unknown as { pulsewellPrisma?: PrismaClient };

export function db(): PrismaClient {
  if (!globalForPrisma.pulsewellPrisma) {
    const adapter = new PrismaPg({ connectionString: env().DATABASE_APP_URL, max: 10 });
    globalForPrisma.pulsewellPrisma = new PrismaClient({ adapter });
  }
  return globalForPrisma.pulsewellPrisma;
}
