import "server-only";
import { fromUnix } from "@/lib/billing/stripe-time";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { withOrg } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { jobsInTransaction } from "@/lib/jobs/in-transaction";
import { QUEUES, type BillingEventJob } from "@/lib/jobs/queues";
import { stripe } from "@/lib/billing/stripe-client";
import { stripeConfig } from "@/lib/billing/config";
import { invalidInput } from "@/lib/errors/domain-error";
import { log } from "@/lib/log/logger";

// Stripe's webhook (POST /api/billing/webhook): verify, store once, queue. Nothing is decided from
// the event's copy of its object: the job (lib/billing/events.ts) asks Stripe for the current state.
// The only thing read from the object is its customer, to know whose workspace to sync.

const INVALID_SIGNATURE = "Invalid webhook signature";

// Ids and types as Stripe writes them; anything else is not an event this code can store (and a
// NUL in it would fail in PostgreSQL), even though it was signed.
const ID = /^[A-Za-z0-9_]{1,255}$/;
const eventShape = z.object({
  id: z.string().regex(ID),
  type: z.string().regex(/^[a-z0-9_.]{1,200}$/),
  // Seconds since 1970 (0 would be no date for fromUnix), up to the year 9999: a larger (signed) value is no date PostgreSQL stores.
  created: z.number().int().positive().max(253_402_300_799),
  data: z.object({
    object: z.object({
      object: z.string().optional(),
      id: z.string().optional(),
      customer: z.union([z.string(), z.object({ id: z.string() }), z.null()]).optional(),
    }),
  }),
});
type StoredEvent = z.infer<typeof eventShape>;

/** The Stripe customer the event is about: its object's customer, or the object itself. */
function customerOf(event: StoredEvent): string | null {
  const o = event.data.object;
  const id = o.object === "customer" ? o.id : typeof o.customer === "string" ? o.customer : o.customer?.id;
  return id && ID.test(id) ? id : null;
}

async function orgIdForCustomer(customer: string): Promise<string | null> {
  // A SECURITY DEFINER function: the one way, before the organisation is known, past RLS.
  const rows = await db().$queryRaw<{ id: string | null }[]>`SELECT app_org_id_for_stripe_customer(${customer}) AS id`;
  return rows[0]?.id ?? null;
}

/**
 * Verifies a delivery and stores its event once, queueing its processing in the same transaction.
 * A bad signature is 400 with nothing stored; an event for no known workspace is acknowledged and
 * dropped (provisioning ends with a sync of its own); a replay is acknowledged as a duplicate.
 */
export async function receiveWebhook(
  rawBody: string,
  signature: string | null,
): Promise<{ received: true; duplicate?: true }> {
  const client = stripe(); // 409 billing_not_configured on an installation without Stripe
  const secret = stripeConfig()!.webhookSecret;
  if (!signature) throw invalidInput(INVALID_SIGNATURE);
  let verified: unknown;
  try {
    verified = await client.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch {
    throw invalidInput(INVALID_SIGNATURE);
  }
  const parsed = eventShape.safeParse(verified);
  if (!parsed.success) {
    log.warn("billing.webhook_unreadable_event", { issues: parsed.error.issues.slice(0, 5) });
    throw invalidInput("Unsupported webhook event");
  }
  const event = parsed.data;
  const customer = customerOf(event);
  const orgId = customer ? await orgIdForCustomer(customer) : null;
  if (!orgId) {
    log.info("billing.webhook_ignored", { eventId: event.id, type: event.type, customer });
    return { received: true };
  }

  const stored = await withOrg(orgId, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "BillingEvent" ("organizationId", "id", "type", "stripeCreated")
      VALUES (${orgId}::uuid, ${event.id}, ${event.type}, ${fromUnix(event.created)})
      ON CONFLICT DO NOTHING RETURNING "id"`;
    if (rows.length === 0) return false;
    const job: BillingEventJob = { orgId, eventId: event.id };
    const b = await boss();
    await b.send(QUEUES.billingEvent.name, job, {
      ...QUEUES.billingEvent.options,
      singletonKey: event.id,
      db: jobsInTransaction(tx),
    });
    return true;
  });
  return stored ? { received: true } : { received: true, duplicate: true };
}
