import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { safeName } from "@/lib/mail/safe-name";
import type { MailBrand } from "@/lib/mail/templates/types";
import { brandOf } from "@/lib/mail/brand-rules";

/** The company look of a workspace's messages (name and accent colour), in the caller's transaction. */
export async function mailBrand(tx: Tx, orgId: string): Promise<MailBrand> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { name: true, accentColor: true },
  });
  return brandOf(org);
}

/** The company's name as its messages and survey pages show it, or null when it fails the name
 * rule (the page then names the product instead). */
export async function companyName(orgId: string): Promise<string | null> {
  const org = await withOrg(orgId, (tx) =>
    tx.organization.findUnique({ where: { id: orgId }, select: { name: true } }),
  );
  return org ? safeName(org.name) : null;
}
