import "server-only";
import { withOrg } from "@/lib/db/tenant";

export type WorkspaceSummary = { id: string; name: string; subdomain: string };

export async function getWorkspace(orgId: string): Promise<WorkspaceSummary | null> {
  return withOrg(orgId, (tx) =>
    tx.organization.findUnique({ where: { id: orgId }, select: { id: true, name: true, subdomain: true } }),
  );
}
