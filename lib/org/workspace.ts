import "server-only";
import { orgIdForSubdomain, withOrg } from "@/lib/db/tenant";

export type WorkspaceSummary = { id: string; name: string; subdomain: string };

/** Whether a workspace lives at this subdomain (the main site's company finder). */
export async function workspaceExists(subdomain: string): Promise<boolean> {
  return (await orgIdForSubdomain(subdomain)) !== null;
}

export async function getWorkspace(orgId: string): Promise<WorkspaceSummary | null> {
  return withOrg(orgId, (tx) =>
    tx.organization.findUnique({ where: { id: orgId }, select: { id: true, name: true, subdomain: true } }),
  );
}
