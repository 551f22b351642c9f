import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { isUuid, runInOrg } from "@/lib/db/org-transaction";

export type Tx = Prisma.TransactionClient;
export { isUuid };

/** A tenant row's unique key for findUnique, update and delete: every tenant table is unique on
 * (organizationId, id), so the organisation is part of the lookup itself, not only of row-level
 * security. */
export const orgKey = (orgId: string, id: string) => ({ organizationId_id: { organizationId: orgId, id } });

/** Runs one unit of work for one organisation on the application's client (see runInOrg).
 * `userId` also opens the rows private to that person (Boss Bot's conversations). */
export function withOrg<T>(
  orgId: string,
  fn: (tx: Tx) => Promise<T>,
  options: { timeoutMs?: number; userId?: string } = {},
): Promise<T> {
  return runInOrg(db(), orgId, fn, options.timeoutMs, options.userId);
}

// Every request resolves its Host to an organisation. A subdomain never moves to another
// organisation, so found ids are kept a minute per process; unknown names are always asked again
// (a workspace created a moment ago must be found at once).
const SUBDOMAIN_TTL_MS = 60_000;
const subdomainIds = new Map<string, { id: string; until: number }>();

/** Resolves a workspace subdomain to its organisation id through a narrow SECURITY DEFINER
 * function, the only way the application role can look past its own organisation. */
export async function orgIdForSubdomain(subdomain: string): Promise<string | null> {
  const hit = subdomainIds.get(subdomain);
  if (hit && hit.until > Date.now()) return hit.id;
  const rows = await db().$queryRaw<{ id: string | null }[]>`SELECT app_org_id_for_subdomain(${subdomain}) AS id`;
  const id = rows[0]?.id ?? null;
  if (id) {
    if (subdomainIds.size > 10_000) subdomainIds.clear();
    subdomainIds.set(subdomain, { id, until: Date.now() + SUBDOMAIN_TTL_MS });
  } else subdomainIds.delete(subdomain);
  return id;
}
