import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { DEFAULT_ACCENT_COLOR, type MailBrand } from "@/lib/mail/templates/types";
import { brandOf } from "@/lib/mail/brand-rules";

/** The company look of a workspace's messages (name and accent colour), in the caller's transaction. */
export async function mailBrand(tx: Tx, orgId: string): Promise<MailBrand> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { name: true, accentColor: true },
  });
  return brandOf(org);
}

export { DEFAULT_ACCENT_COLOR };
