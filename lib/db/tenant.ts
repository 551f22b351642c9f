import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { isUuid, runInOrg } from "@/lib/db/org-transaction";

export type Tx = Prisma.TransactionClient;
export { isUuid };

/** Runs one unit of work for one organisation on the application's client (see runInOrg). */
export function withOrg<T>(orgId: string, fn: (tx: Tx) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  return runInOrg(db(), orgId, fn, options.timeoutMs);
}

/** Resolves a workspace subdomain to its organisation id through a narrow SECURITY DEFINER
 * function, the only way the application role can look past its own organisation. */
export async function orgIdForSubdomain(subdomain: string): Promise<string | null> {
  const rows = await db().$queryRaw<{ id: string | null }[]>`SELECT app_org_id_for_subdomain(${subdomain}) AS id`;
  return rows[0]?.id ?? null;
}
