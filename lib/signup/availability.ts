import "server-only";
import { orgIdForSubdomain } from "@/lib/db/tenant";
import { FALLBACK_TENANT, isReservedSubdomain } from "@/lib/tenancy/host";
import { subdomainFormatError } from "@/lib/signup/schemas";
import { AVAILABLE_MESSAGE, RESERVED_MESSAGE, TAKEN_MESSAGE, type Availability } from "@/lib/signup/api-types";

/** Reserved names (docs/decisions.md (Hosts and tenancy)) plus the demo workspace's, which local hosts fall back to. */
export function isReservedForSignup(subdomain: string, productName: string): boolean {
  return isReservedSubdomain(subdomain, productName) || subdomain === FALLBACK_TENANT;
}

/** Whether a subdomain could be signed up now. A later signup may still lose a race for it;
 * the unique constraint decides that (see completeSignup). */
export async function checkSubdomain(subdomain: string, productName: string): Promise<Availability> {
  const formatError = subdomainFormatError(subdomain);
  if (formatError) return { available: false, message: formatError };
  if (isReservedForSignup(subdomain, productName)) return { available: false, message: RESERVED_MESSAGE };
  if (await orgIdForSubdomain(subdomain)) return { available: false, message: TAKEN_MESSAGE };
  return { available: true, message: AVAILABLE_MESSAGE };
}
