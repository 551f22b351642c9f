import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { env } from "@/lib/config/env";
import { orgIdForSubdomain } from "@/lib/db/tenant";
import { parseHost, type HostKind } from "@/lib/tenancy/host";
import { UNKNOWN_PATH_HEADER } from "@/lib/tenancy/routing";

export type Tenant = { orgId: string; subdomain: string };

/** Which site this request's Host header names. Only the Host header counts: X-Forwarded-Host
 * and anything the proxy might have added are ignored on purpose. */
export const currentHost = cache(async (): Promise<HostKind> => {
  const h = await headers();
  const e = env();
  return parseHost(h.get("host"), e.rootDomain, e.PRODUCT_NAME);
});

export async function tenantForHost(kind: HostKind): Promise<Tenant | null> {
  if (kind.kind !== "tenant") return null;
  const orgId = await orgIdForSubdomain(kind.subdomain);
  return orgId ? { orgId, subdomain: kind.subdomain } : null;
}

/** The workspace this request is for, resolved again on the server for every page, route and
 * action (the proxy's rewrite is never trusted). Null on the main site or an unknown workspace. */
export const currentTenant = cache(async (): Promise<Tenant | null> => tenantForHost(await currentHost()));

/** Whether the proxy has answered this request with 404 because no page serves its path
 * (lib/tenancy/page-paths.ts): a catch-all page then renders 'Page Not Found' itself. */
export async function isUnknownPath(): Promise<boolean> {
  return (await headers()).get(UNKNOWN_PATH_HEADER) === "1";
}
