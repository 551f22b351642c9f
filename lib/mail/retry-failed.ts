import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { queueDeliveries } from "@/lib/mail/outbox";

/**
 * An admin's "retry failed e-mails": the failed messages with this ref become pending again and
 * get a new delivery job each, in the caller's transaction. The give-up horizon still counts from
 * when a message was first queued, so each gets one more round of the job's retries (about four
 * hours); if all of them fail, the sweep marks it failed again with the new error.
 */
export async function retryFailedMail(tx: Tx, orgId: string, ref: string): Promise<number> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "MailMessage" SET "status" = 'pending', "lockedUntil" = NULL
    WHERE "organizationId" = ${orgId}::uuid AND "ref" = ${ref} AND "status" = 'failed'
    RETURNING "id"`;
  await queueDeliveries(
    tx,
    orgId,
    rows.map((r) => r.id),
  );
  return rows.length;
}
