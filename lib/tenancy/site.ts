// Site-wide names from configuration, without I/O (usable in the proxy and on the server).
import { FALLBACK_TENANT, splitHost } from "@/lib/tenancy/host";

export function rootDomainFromEnv(e: Record<string, string | undefined> = process.env): string {
  return (e.ROOT_DOMAIN ?? `localhost:${e.PORT ?? "3000"}`).toLowerCase();
}

export function productNameFromEnv(e: Record<string, string | undefined> = process.env): string {
  return e.PRODUCT_NAME ?? "Pulsewell";
}

/** Local development roots are served over plain HTTP; every real domain over HTTPS. */
export function siteProtocol(rootDomain: string): "http" | "https" {
  const name = splitHost(rootDomain)?.name ?? "";
  return name === "localhost" || name === "127.0.0.1" || name.endsWith(".localhost") ? "http" : "https";
}

export function workspaceOrigin(subdomain: string, rootDomain: string): string {
  return `${siteProtocol(rootDomain)}://${subdomain}.${rootDomain}`;
}

export function fallbackWorkspaceOrigin(rootDomain: string): string {
  return workspaceOrigin(FALLBACK_TENANT, rootDomain);
}
