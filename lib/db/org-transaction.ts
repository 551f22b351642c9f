// The organisation-scoped transaction itself, free of Next.js imports so that scripts (seed,
// benchmarks) and the app share it. lib/db/tenant.ts binds it to the app's client.
import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * One unit of work for one organisation: a transaction whose first statement scopes row-level
 * security to it. set_config(..., true) lasts until the transaction ends, so a pooled connection
 * never carries the organisation over to another request.
 */
export async function runInOrg<T>(
  client: PrismaClient,
  orgId: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  timeoutMs = 15_000,
  userId?: string,
): Promise<T> {
  if (!isUuid(orgId)) throw new Error("runInOrg: organisation id must be a UUID");
  if (userId !== undefined && !isUuid(userId)) throw new Error("runInOrg: user id must be a UUID");
  return client.$transaction(
    async (tx) => {
      // app.user_id names the person the unit of work acts for: the owner policies of private
      // tables (Boss Bot's conversations) read it. Without it those tables read as empty.
      await tx.$executeRaw`SELECT set_config('app.org_id', ${orgId}, true), set_config('app.user_id', ${userId ?? ""}, true)`;
      return fn(tx);
    },
    { timeout: timeoutMs, maxWait: 10_000 },
  );
}
