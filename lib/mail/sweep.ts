import "server-only";
import { db } from "@/lib/db/client";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { QUEUES } from "@/lib/jobs/queues";
import { queueDelivery } from "@/lib/mail/outbox";
import { GIVE_UP_AFTER_MS } from "@/lib/mail/delivery-policy";
import { log } from "@/lib/log/logger";

// The outbox's safety net. A delivery job gives up after its retries (~4 h, lib/jobs/queues.ts),
// can expire or be lost; its message would then stay pending forever. Every minute the sweep
// queues such messages again, backing off with the attempts, and past the give-up horizon marks
// them failed so the admin sees a final state instead of "being retried".

/** A younger message is left to the job queued with it. */
export const REDELIVER_MIN_AGE_MS = 10 * 60 * 1000;
/** After a failed attempt the sweep waits base * 2^attempts, at most the cap, before queueing again. */
const REDELIVER_BACKOFF_BASE_MS = 60 * 1000;
const REDELIVER_BACKOFF_CAP_MS = 6 * 60 * 60 * 1000;
/** Messages handled per sweep; the rest wait for the next minute. */
const SWEEP_BATCH = 500;

export type SweepResult = { requeued: number; failed: number; skipped: number; errors: number };
type Outcome = "requeued" | "failed" | "skipped";

const seconds = (ms: number) => `${ms / 1000} seconds`;

/** A job of the message's still to run, waiting for a retry or running: its delivery is alive. */
async function hasLiveJob(tx: Tx, messageId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job
    WHERE "name" = ${QUEUES.mailDeliver.name} AND "singleton_key" = ${messageId} AND "state" < 'completed'`;
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * One message, in its organisation's transaction. The row lock serialises this with a running
 * delivery's claim, an admin's retry and an overlapping sweep, so the job check that follows sees
 * their jobs and a message is never queued twice at once.
 */
async function settle(orgId: string, messageId: string, now: Date): Promise<Outcome> {
  return withOrg(orgId, async (tx) => {
    const [msg] = await tx.$queryRaw<
      { attempts: number; createdAt: Date; lockedUntil: Date | null; lastError: string | null }[]
    >`
      SELECT "attempts", "createdAt", "lockedUntil", "lastError" FROM "MailMessage"
      WHERE "organizationId" = ${orgId}::uuid AND "id" = ${messageId}::uuid AND "status" = 'pending'
      FOR UPDATE`;
    if (!msg || (msg.lockedUntil && msg.lockedUntil > now)) return "skipped";
    if (await hasLiveJob(tx, messageId)) return "skipped";
    // Only a message that was tried and kept failing is given up; one never tried (the workers
    // were down) gets its attempts first.
    if (msg.attempts > 0 && msg.createdAt.getTime() <= now.getTime() - GIVE_UP_AFTER_MS) {
      await tx.mailMessage.update({
        where: orgKey(orgId, messageId),
        data: { status: "failed", lockedUntil: null },
      });
      log.error("mail.failed", { orgId, messageId, attempts: msg.attempts, lastError: msg.lastError });
      return "failed";
    }
    await queueDelivery(tx, orgId, messageId);
    log.warn("mail.requeued", { orgId, messageId, attempts: msg.attempts });
    return "requeued";
  });
}

/**
 * Re-queues pending messages without a live delivery and fails those past the horizon, for every
 * organisation. The cross-organisation look-up (app_mail_redelivery_due) answers ids only; each
 * message is then read and changed under its own organisation's row-level security.
 */
export async function sweepMailOutbox(now = new Date()): Promise<SweepResult> {
  const due = await db().$queryRaw<{ organizationId: string; id: string }[]>`
    SELECT d."organizationId", d."id"
    FROM app_mail_redelivery_due(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${seconds(REDELIVER_MIN_AGE_MS)}::interval,
                                 ${seconds(REDELIVER_BACKOFF_BASE_MS)}::interval, ${seconds(REDELIVER_BACKOFF_CAP_MS)}::interval,
                                 ${seconds(GIVE_UP_AFTER_MS)}::interval) d
    WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j."name" = ${QUEUES.mailDeliver.name} AND j."singleton_key" = d."id"::text AND j."state" < 'completed')
    LIMIT ${SWEEP_BATCH}`;
  const result: SweepResult = { requeued: 0, failed: 0, skipped: 0, errors: 0 };
  for (const m of due) {
    try {
      result[await settle(m.organizationId, m.id, now)]++;
    } catch (err) {
      // One message's trouble (its organisation just deleted, a lock timeout) never stops the rest.
      result.errors++;
      log.error("mail.sweep_failed", { orgId: m.organizationId, messageId: m.id, err });
    }
  }
  if (result.requeued + result.failed + result.errors > 0) log.info("mail.sweep", { ...result });
  return result;
}
