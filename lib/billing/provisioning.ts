import "server-only";
import type Stripe from "stripe";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { QUEUES, type BillingProvisionJob } from "@/lib/jobs/queues";
import { stripe } from "@/lib/billing/stripe-client";
import { seatPriceId } from "@/lib/billing/price";

// A new workspace's Stripe customer and trial subscription (decisions.md, Billing). Signup only
// stores the confirmed SetupIntent and queues this job in its own transaction; the job creates
// the customer (with the card as its default) and the subscription, each found first and created
// with an idempotency key, so a retry after a failure part-way never makes a second of either.
// A Stripe outage throws: pg-boss retries (QUEUES.billingProvision), the signup never fails.

/** pg-boss's queries run on the caller's transaction: the job exists exactly when the signup does. */
const inTx = (tx: Tx) => ({ executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) });

/** Queues provisioning for `orgId` in the caller's transaction (one job per organisation). */
export async function queueProvisioning(tx: Tx, orgId: string): Promise<void> {
  const job: BillingProvisionJob = { orgId };
  const b = await boss();
  await b.send(QUEUES.billingProvision.name, job, { ...QUEUES.billingProvision.options, singletonKey: orgId, db: inTx(tx) });
}

/** The job handler (lib/jobs/worker.ts): creates what is missing, then syncs. */
export async function provisionBilling(orgId: string): Promise<void> {
  void orgId;
  void (null as Stripe | null);
  void stripe;
  void seatPriceId;
  void withOrg;
  throw new Error("provisionBilling: not implemented yet");
}
