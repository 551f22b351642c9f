import "server-only";
import { FALLBACK_TENANT } from "@/lib/tenancy/host";
import { currentHost } from "@/lib/tenancy/resolve";
import { orgIdForSubdomain } from "@/lib/db/tenant";
import { getWorkspace } from "@/lib/org/workspace";
import { rootDomainFromEnv, workspaceOrigin } from "@/lib/tenancy/site";

type DemoWorkspaceLink = { name: string; signInUrl: string };

/**
 * The demo workspace's sign-in, for the public site of a local start: the root address shows the
 * public site there, and whoever started the product locally is one click from the demo. Null on
 * a real domain (customers never see it) and when no demo workspace was seeded.
 */
export async function demoWorkspaceLink(): Promise<DemoWorkspaceLink | null> {
  const host = await currentHost();
  if (host.kind !== "main" || !host.local) return null;
  const orgId = await orgIdForSubdomain(FALLBACK_TENANT);
  const workspace = orgId ? await getWorkspace(orgId) : null;
  if (!workspace) return null;
  return { name: workspace.name, signInUrl: `${workspaceOrigin(FALLBACK_TENANT, rootDomainFromEnv())}/login` };
}
