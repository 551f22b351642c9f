import "server-only";
import { trialEndUnix } from "@/lib/billing/stripe-time";
import type Stripe from "stripe";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { jobsInTransaction } from "@/lib/jobs/in-transaction";
import { QUEUES, type BillingProvisionJob } from "@/lib/jobs/queues";
import { stripe } from "@/lib/billing/stripe-client";
import { seatPriceId } from "@/lib/billing/price";
import { syncOrgBilling } from "@/lib/billing/sync";
import { log } from "@/lib/log/logger";

// A new workspace's Stripe customer and trial subscription (docs/decisions.md (Billing and seats)). Signup only
// stores the confirmed SetupIntent and queues this job in its own transaction; the job creates
// the customer (with the card as its default) and the subscription, each found first and created
// with an idempotency key, so a retry after a failure part-way never makes a second of either.
// A Stripe outage throws: pg-boss retries (QUEUES.billingProvision), the signup never fails.

/** Queues provisioning for `orgId` in the caller's transaction (one job per organisation). */
export async function queueProvisioning(tx: Tx, orgId: string): Promise<void> {
  const job: BillingProvisionJob = { orgId };
  const b = await boss();
  await b.send(QUEUES.billingProvision.name, job, {
    ...QUEUES.billingProvision.options,
    singletonKey: orgId,
    db: jobsInTransaction(tx),
  });
}

/** What the workspace holds that Stripe needs (read in a short transaction, no Stripe call inside). */
type OrgBillingFacts = {
  name: string;
  email: string | null;
  seats: number;
  trialEndDate: Date | null;
  customerId: string | null;
  subscriptionId: string | null;
  paymentMethodId: string | null;
  provisionedAt: Date | null;
};

async function readFacts(orgId: string): Promise<OrgBillingFacts | null> {
  return withOrg(orgId, async (tx) => {
    const org = await tx.organization.findUnique({
      where: { id: orgId },
      select: { name: true, maxUsers: true, trialEndDate: true, verificationEmail: true },
    });
    if (!org) return null;
    const [account, admin] = await Promise.all([
      tx.billingAccount.findUnique({
        where: { organizationId: orgId },
        select: { stripeCustomerId: true, stripeSubscriptionId: true, paymentMethodId: true, provisionedAt: true },
      }),
      org.verificationEmail
        ? null
        : tx.user.findFirst({
            where: { organizationId: orgId, role: "admin" },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { email: true },
          }),
    ]);
    return {
      name: org.name,
      email: org.verificationEmail ?? admin?.email ?? null,
      seats: org.maxUsers,
      trialEndDate: org.trialEndDate,
      customerId: account?.stripeCustomerId ?? null,
      subscriptionId: account?.stripeSubscriptionId ?? null,
      paymentMethodId: account?.paymentMethodId ?? null,
      provisionedAt: account?.provisionedAt ?? null,
    };
  });
}

/** The workspace's customer: the stored one, else one Stripe already has for it (a retry after the
 * create succeeded but the store did not), else a new one with the card (if any) as its default.
 * The id is stored before returning. */
export async function ensureCustomer(orgId: string, facts?: OrgBillingFacts): Promise<string> {
  const f = facts ?? (await readFacts(orgId));
  if (!f) throw new Error(`ensureCustomer: organization ${orgId} not found`);
  if (f.customerId) return f.customerId;
  const s = stripe();
  let customer: Stripe.Customer | undefined;
  if (f.email) {
    const found = await s.customers.list({ email: f.email, limit: 100 });
    customer = found.data.find((c) => c.metadata?.organizationId === orgId);
  }
  customer ??= await s.customers.create(
    {
      ...(f.email ? { email: f.email } : {}),
      name: f.name,
      metadata: { organizationId: orgId },
      ...(f.paymentMethodId
        ? { payment_method: f.paymentMethodId, invoice_settings: { default_payment_method: f.paymentMethodId } }
        : {}),
    },
    { idempotencyKey: `customer-${orgId}` },
  );
  const customerId = customer.id;
  await withOrg(orgId, (tx) =>
    tx.billingAccount.upsert({
      where: { organizationId: orgId },
      create: { organizationId: orgId, stripeCustomerId: customerId },
      update: { stripeCustomerId: customerId },
    }),
  );
  return customerId;
}

/** Stripe needs a trial end in the future; a trial already over starts billing at once. */
const TRIAL_END_MARGIN_MS = 60_000;

/** The job handler (lib/jobs/worker.ts): creates what is missing, then syncs. */
export async function provisionBilling(orgId: string): Promise<void> {
  const facts = await readFacts(orgId);
  if (!facts) {
    log.warn("billing.provision_no_org", { orgId });
    return;
  }
  const s = stripe();
  const customerId = await ensureCustomer(orgId, facts);

  let subscriptionId = facts.subscriptionId;
  if (!subscriptionId) {
    const existing = await s.subscriptions.list({ customer: customerId, status: "all", limit: 100 });
    const ours = existing.data.find((sub) => sub.metadata?.organizationId === orgId);
    if (ours) subscriptionId = ours.id;
    else {
      const trialEnd = trialEndUnix(facts.trialEndDate, TRIAL_END_MARGIN_MS);
      const created = await s.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await seatPriceId(), quantity: facts.seats }],
          ...(trialEnd ? { trial_end: trialEnd } : {}),
          ...(facts.paymentMethodId ? { default_payment_method: facts.paymentMethodId } : {}),
          metadata: { organizationId: orgId },
          trial_settings: { end_behavior: { missing_payment_method: "pause" } },
        },
        { idempotencyKey: `subscription-${orgId}` },
      );
      subscriptionId = created.id;
    }
  }
  const subId = subscriptionId;
  await withOrg(orgId, (tx) =>
    tx.billingAccount.update({
      where: { organizationId: orgId },
      data: { stripeSubscriptionId: subId, provisionedAt: facts.provisionedAt ?? new Date() },
    }),
  );
  await syncOrgBilling(orgId);
}
