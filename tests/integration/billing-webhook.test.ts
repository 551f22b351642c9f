// The Stripe webhook and the processing of its events, against real PostgreSQL and the
// real `stripe` library talking to the local stand-in. Jobs are run the way the workers run them:
// each queued billing-event job (pgboss.job) handed to processBillingEvent, then completed.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import { receiveWebhook } from "@/lib/billing/webhook";
import { processBillingEvent } from "@/lib/billing/events";
import { DomainError } from "@/lib/errors/domain-error";
import { POST } from "@/app/api/billing/webhook/route";
import type { StripeEvent } from "../../scripts/stripe-standin";
import { createOrg, createUser } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { signedEvent, testStripe, withStripeStandin } from "../support/stripe-env";
import { statusOf } from "../support/status";

const standin = withStripeStandin();
const owner = ownerClient();

const SEATS = 7;
const DAY_S = 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);

let price: string | undefined;
async function seatPrice(): Promise<string> {
  if (price) return price;
  const product = await testStripe().products.create({ name: "Pulsewell seat" });
  price = (
    await testStripe().prices.create({
      product: product.id,
      unit_amount: 600,
      currency: "usd",
      recurring: { interval: "month" },
    })
  ).id;
  return price;
}

/** A provisioned workspace: admins, an employee, a Stripe customer and a trialing subscription. */
async function workspace(opts: { admins?: number } = {}) {
  const { orgId, subdomain } = await createOrg({ maxUsers: SEATS });
  const admins = [];
  for (let i = 0; i < (opts.admins ?? 1); i++) admins.push(await createUser(orgId, { role: "admin" }));
  await createUser(orgId, { role: "employee" });
  const customer = (
    await testStripe().customers.create({ email: admins[0]!.email, metadata: { organizationId: orgId } })
  ).id;
  await withOrg(orgId, (tx) =>
    tx.billingAccount.create({ data: { organizationId: orgId, stripeCustomerId: customer } }),
  );
  const sub = await testStripe().subscriptions.create({
    customer,
    items: [{ price: await seatPrice(), quantity: SEATS }],
    trial_end: nowS() + 7 * DAY_S,
    metadata: { organizationId: orgId },
  });
  return { orgId, subdomain, admins, customer, sub: sub.id };
}

function customerOf(e: StripeEvent): string | null {
  const o = e.data.object as unknown as { object: string; id: string; customer?: string | null };
  return o.object === "customer" ? o.id : (o.customer ?? null);
}
const eventsOf = (customer: string) =>
  standin()
    .events()
    .filter((e) => customerOf(e) === customer);
const lastEvent = (customer: string, type: string) => {
  const e = eventsOf(customer)
    .filter((x) => x.type === type)
    .at(-1);
  if (!e) throw new Error(`no ${type} event for ${customer}`);
  return e;
};

const deliver = (event: unknown) => {
  const { raw, signature } = signedEvent(event);
  return receiveWebhook(raw, signature);
};

type JobRow = { id: string; data: { orgId: string; eventId: string } };
const jobsOf = async (orgId: string) =>
  (
    await owner().query<JobRow & { state: string }>(
      "SELECT id, data, state FROM pgboss.job WHERE name = 'billing-event' AND data->>'orgId' = $1",
      [orgId],
    )
  ).rows;

/** What the worker does: each queued job of the organisation, processed once and completed;
 * `order` may rearrange them (jobs run in any order). */
async function runJobs(orgId: string, order: (jobs: JobRow[]) => JobRow[] = (j) => j): Promise<number> {
  const { rows } = await owner().query<JobRow>(
    "SELECT id, data FROM pgboss.job WHERE name = 'billing-event' AND state = 'created' AND data->>'orgId' = $1 ORDER BY created_on, id",
    [orgId],
  );
  for (const job of order(rows)) {
    await processBillingEvent(job.data.orgId, job.data.eventId);
    await owner().query(
      "UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = 'billing-event' AND id = $1",
      [job.id],
    );
  }
  return rows.length;
}

const storedEvents = async (orgId: string) =>
  (
    await owner().query<{ id: string; type: string; processedAt: Date | null }>(
      'SELECT id, type, "processedAt" FROM "BillingEvent" WHERE "organizationId" = $1',
      [orgId],
    )
  ).rows;
const allStoredEventCount = async () =>
  Number((await owner().query<{ n: string }>('SELECT count(*) AS n FROM "BillingEvent"')).rows[0]!.n);
const allEventJobCount = async () =>
  Number(
    (await owner().query<{ n: string }>("SELECT count(*) AS n FROM pgboss.job WHERE name = 'billing-event'")).rows[0]!
      .n,
  );

async function noticesOf(orgId: string) {
  const notifications = (
    await owner().query<{ userId: string; type: string; title: string; message: string; actionUrl: string | null }>(
      `SELECT "userId", type, title, message, "actionUrl" FROM "Notification" WHERE "organizationId" = $1 AND type LIKE 'billing_%'`,
      [orgId],
    )
  ).rows;
  const mails = (
    await owner().query<{ to: string; kind: string; subject: string; text: string }>(
      `SELECT "to", kind, subject, text FROM "MailMessage" WHERE "organizationId" = $1 AND kind LIKE 'billing_%'`,
      [orgId],
    )
  ).rows;
  return { notifications, mails };
}

async function stateOf(orgId: string) {
  return withOrg(orgId, async (tx) => ({
    org: await tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { subscriptionStatus: true, trialEndDate: true, maxUsers: true },
    }),
    account: await tx.billingAccount.findUniqueOrThrow({
      where: { organizationId: orgId },
      select: { stripeSubscriptionId: true, currentPeriodEnd: true, cancelAtPeriodEnd: true, lastSyncedAt: true },
    }),
  }));
}

/** The workspace's state as Stripe's subscription says it should be. */
async function expectStripeState(orgId: string, subId: string) {
  const sub = await testStripe().subscriptions.retrieve(subId);
  const { org, account } = await stateOf(orgId);
  expect(org.subscriptionStatus).toBe(sub.status);
  expect(org.trialEndDate?.getTime()).toBe(sub.trial_end! * 1000);
  expect(org.maxUsers).toBe(sub.items.data[0]!.quantity);
  expect(account.stripeSubscriptionId).toBe(sub.id);
  expect(account.currentPeriodEnd?.getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
  expect(account.cancelAtPeriodEnd).toBe(sub.cancel_at_period_end || sub.cancel_at !== null);
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: statusOf(err), code: err.code };
}

/** Seeded permutations (mulberry32 + Fisher-Yates): a failing seed can be run again. */
function shuffler(seed: number) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffle = <T>(xs: T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { random, shuffle };
}

describe("billing webhook: receiving", () => {
  it("stores an event delivered five times once, with one job, and tells admins once", async () => {
    const ws = await workspace();
    standin().trialWillEnd(ws.sub);
    const event = lastEvent(ws.customer, "customer.subscription.trial_will_end");

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await deliver(event));
    expect(answers).toEqual([{ received: true }, ...Array(4).fill({ received: true, duplicate: true })]);
    expect(await storedEvents(ws.orgId)).toMatchObject([
      { id: event.id, type: "customer.subscription.trial_will_end", processedAt: null },
    ]);
    expect(await jobsOf(ws.orgId)).toHaveLength(1);

    expect(await runJobs(ws.orgId)).toBe(1);
    // Delivered again after processing: still a duplicate, no new job.
    expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    expect(await runJobs(ws.orgId)).toBe(0);

    const { notifications, mails } = await noticesOf(ws.orgId);
    expect(notifications).toEqual([
      expect.objectContaining({
        userId: ws.admins[0]!.id,
        type: "billing_trial_ending",
        title: "Your free trial ends in 3 days",
        actionUrl: "/settings/billing",
      }),
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ws.admins[0]!.email, kind: "billing_trial_ending" });
    expect(mails[0]!.text).toContain(`${ws.subdomain}.localhost:3000/settings/billing`);
    expect(mails[0]!.text).toContain("Your subscription then starts with the card you added");
    expect((await storedEvents(ws.orgId))[0]!.processedAt).toBeInstanceOf(Date);
  });

  it("tells an admin who cancelled the trial that nothing will be charged, not that a subscription starts", async () => {
    const ws = await workspace();
    // Cancelled at Stripe, as 'Cancel trial' does: the event's processing reads Stripe's state.
    await testStripe().subscriptions.update(ws.sub, { cancel_at_period_end: true });
    standin().trialWillEnd(ws.sub);
    await deliver(lastEvent(ws.customer, "customer.subscription.trial_will_end"));
    expect(await runJobs(ws.orgId)).toBe(1);
    const { mails } = await noticesOf(ws.orgId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("You cancelled it, so nothing will be charged");
    expect(mails[0]!.text).not.toContain("card you added");
  });

  it("refuses a bad signature, a tampered body and a missing header with 400 and stores nothing", async () => {
    const ws = await workspace();
    standin().failPayment(ws.sub);
    const event = lastEvent(ws.customer, "invoice.payment_failed");
    const { raw, signature } = signedEvent(event);

    const wrongSecret = signedEvent(event, "whsec_someone_else");
    const tampered = raw.replace(`"${event.id}"`, `"${event.id}x"`);
    expect(tampered).not.toBe(raw);
    for (const attempt of [
      receiveWebhook(wrongSecret.raw, wrongSecret.signature),
      receiveWebhook(tampered, signature),
      receiveWebhook(raw, null),
      receiveWebhook(raw, ""),
      receiveWebhook(raw, "t=1,v1=00"),
      receiveWebhook("not json", signedEvent("x").signature),
    ]) {
      expect(await refusal(attempt)).toEqual({ status: 400, code: "invalid_input" });
    }
    // An old signature (Stripe's 5-minute tolerance) is refused too.
    const old = signedEvent(event, undefined, nowS() - 3600);
    expect(old.raw).toBe(raw);
    expect(await refusal(receiveWebhook(raw, old.signature))).toEqual({ status: 400, code: "invalid_input" });

    expect(await storedEvents(ws.orgId)).toEqual([]);
    expect(await jobsOf(ws.orgId)).toEqual([]);
    expect((await stateOf(ws.orgId)).account.lastSyncedAt).toBeNull();
  });

  it("acknowledges an event for an unknown customer (or none) and stores nothing", async () => {
    const storedBefore = await allStoredEventCount();
    const jobsBefore = await allEventJobCount();
    const stranger = await testStripe().customers.create({ email: "stranger@example.com" });
    await testStripe().subscriptions.create({
      customer: stranger.id,
      items: [{ price: await seatPrice(), quantity: 1 }],
      trial_end: nowS() + DAY_S * 7,
    });
    const events = eventsOf(stranger.id);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["customer.created", "customer.subscription.created"]),
    );
    for (const e of events) expect(await deliver(e)).toEqual({ received: true });
    // A product event has no customer at all.
    expect(
      await deliver({
        id: "evt_no_customer",
        object: "event",
        type: "product.created",
        created: nowS(),
        data: { object: { id: "prod_1", object: "product" } },
      }),
    ).toEqual({
      received: true,
    });
    expect(await allStoredEventCount()).toBe(storedBefore);
    expect(await allEventJobCount()).toBe(jobsBefore);
  });

  it("changes only the organisation whose customer the event is about", async () => {
    const a = await workspace();
    const b = await workspace();
    standin().failPayment(b.sub);
    for (const e of eventsOf(b.customer)) await deliver(e);
    expect(await storedEvents(a.orgId)).toEqual([]);
    expect(await runJobs(a.orgId)).toBe(0);
    await runJobs(b.orgId);

    expect((await stateOf(b.orgId)).org.subscriptionStatus).toBe("past_due");
    await expectStripeState(b.orgId, b.sub);
    expect((await noticesOf(b.orgId)).notifications.map((n) => n.type)).toEqual(["billing_payment_failed"]);

    const untouched = await stateOf(a.orgId);
    expect(untouched.org.subscriptionStatus).toBe("trialing");
    expect(untouched.account.stripeSubscriptionId).toBeNull();
    expect(untouched.account.lastSyncedAt).toBeNull();
    expect(await noticesOf(a.orgId)).toEqual({ notifications: [], mails: [] });
  });
});

describe("billing webhook: processing", () => {
  it("sends an event's notices once when its job runs twice (a retry), to every admin", async () => {
    const ws = await workspace({ admins: 2 });
    standin().failPayment(ws.sub);
    const event = lastEvent(ws.customer, "invoice.payment_failed");
    await deliver(event);
    await processBillingEvent(ws.orgId, event.id);
    await processBillingEvent(ws.orgId, event.id);

    const { notifications, mails } = await noticesOf(ws.orgId);
    expect(notifications.map((n) => n.userId).sort()).toEqual(ws.admins.map((a) => a.id).sort());
    expect(
      notifications.every(
        (n) =>
          n.type === "billing_payment_failed" && n.title === "Payment failed" && n.actionUrl === "/settings/billing",
      ),
    ).toBe(true);
    expect(mails.map((m) => m.to).sort()).toEqual(ws.admins.map((a) => a.email).sort());
    expect(mails[0]!.text).toContain("/settings/billing");
    await expectStripeState(ws.orgId, ws.sub);
  });

  it("keeps the event unclaimed while Stripe is unreachable (the job throws and is retried), then notifies once", async () => {
    const ws = await workspace();
    standin().failPayment(ws.sub);
    const event = lastEvent(ws.customer, "invoice.payment_failed");
    await deliver(event);
    standin().setFailing(true);
    try {
      await expect(processBillingEvent(ws.orgId, event.id)).rejects.toThrow();
    } finally {
      standin().setFailing(false);
    }
    expect((await storedEvents(ws.orgId))[0]!.processedAt).toBeNull();
    expect(await noticesOf(ws.orgId)).toEqual({ notifications: [], mails: [] });
    expect((await stateOf(ws.orgId)).org.subscriptionStatus).toBe("trialing");

    await processBillingEvent(ws.orgId, event.id);
    expect((await noticesOf(ws.orgId)).notifications.map((n) => n.type)).toEqual(["billing_payment_failed"]);
    await expectStripeState(ws.orgId, ws.sub);
  });

  it("stores an event delivered five times at once (concurrently) once, with one job", async () => {
    const ws = await workspace();
    standin().trialWillEnd(ws.sub);
    const event = lastEvent(ws.customer, "customer.subscription.trial_will_end");
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await storedEvents(ws.orgId)).toHaveLength(1);
    expect(await jobsOf(ws.orgId)).toHaveLength(1);
    await Promise.all([
      runJobs(ws.orgId),
      processBillingEvent(ws.orgId, event.id),
      processBillingEvent(ws.orgId, event.id),
    ]);
    expect((await noticesOf(ws.orgId)).notifications).toHaveLength(1);
  });

  it("tells nobody what Stripe no longer says: trial ending after it became active, payment failed after it was paid", async () => {
    const ws = await workspace();
    standin().trialWillEnd(ws.sub);
    const willEnd = lastEvent(ws.customer, "customer.subscription.trial_will_end");
    standin().endTrial(ws.sub, "paid");
    await deliver(willEnd);
    await runJobs(ws.orgId);
    expect((await stateOf(ws.orgId)).org.subscriptionStatus).toBe("active");
    expect(await noticesOf(ws.orgId)).toEqual({ notifications: [], mails: [] });

    standin().failPayment(ws.sub);
    const failed = lastEvent(ws.customer, "invoice.payment_failed");
    standin().recoverPayment(ws.sub);
    await deliver(failed);
    await runJobs(ws.orgId);
    expect(await noticesOf(ws.orgId)).toEqual({ notifications: [], mails: [] });
    expect((await storedEvents(ws.orgId)).every((e) => e.processedAt !== null)).toBe(true);
    await expectStripeState(ws.orgId, ws.sub);
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`ends in Stripe's final state whatever the order of a trial's whole life (seed ${seed})`, async () => {
      const { shuffle, random } = shuffler(seed);
      const ws = await workspace({ admins: 2 });
      standin().trialWillEnd(ws.sub);
      standin().endTrial(ws.sub, "paid");
      standin().failPayment(ws.sub);
      standin().cancelNow(ws.sub);
      const life = eventsOf(ws.customer);
      expect(life.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          "customer.subscription.created",
          "customer.subscription.trial_will_end",
          "customer.subscription.updated",
          "invoice.paid",
          "invoice.payment_failed",
          "customer.subscription.deleted",
        ]),
      );
      // Delivered in a shuffled order, some of them twice; the jobs run in another order.
      const deliveries = shuffle([...life, ...life.filter(() => random() < 0.3)]);
      for (const e of deliveries) await deliver(e);
      expect(await jobsOf(ws.orgId)).toHaveLength(life.length);
      await runJobs(ws.orgId, shuffle);

      await expectStripeState(ws.orgId, ws.sub);
      expect((await stateOf(ws.orgId)).org.subscriptionStatus).toBe("canceled");
      // Only the cancellation is still true at the end: the other notices are outdated.
      const { notifications, mails } = await noticesOf(ws.orgId);
      expect(notifications.map((n) => n.type)).toEqual([
        "billing_subscription_cancelled",
        "billing_subscription_cancelled",
      ]);
      expect(mails.map((m) => m.to).sort()).toEqual(ws.admins.map((a) => a.email).sort());
    });

    it(`ends in Stripe's final state when events arrive and run while the life goes on (seed ${seed})`, async () => {
      const { shuffle, random } = shuffler(seed * 7919);
      const ws = await workspace();
      const delivered = new Set<string>();
      const deliverSome = async (all: boolean) => {
        const pending = eventsOf(ws.customer).filter((e) => !delivered.has(e.id) && (all || random() < 0.5));
        for (const e of shuffle(pending)) {
          await deliver(e);
          delivered.add(e.id);
        }
        if (all || random() < 0.6) await runJobs(ws.orgId, shuffle);
      };
      await deliverSome(false);
      standin().trialWillEnd(ws.sub);
      await deliverSome(false);
      standin().endTrial(ws.sub, "paid");
      await deliverSome(false);
      standin().failPayment(ws.sub);
      await deliverSome(false);
      standin().recoverPayment(ws.sub);
      await deliverSome(false);
      await testStripe().subscriptions.update(ws.sub, { cancel_at_period_end: true });
      await deliverSome(true);
      await expectStripeState(ws.orgId, ws.sub);
      expect((await stateOf(ws.orgId)).account.cancelAtPeriodEnd).toBe(true);

      standin().endPeriod(ws.sub);
      await deliverSome(true);
      await expectStripeState(ws.orgId, ws.sub);
      const types = (await noticesOf(ws.orgId)).notifications.map((n) => n.type);
      // Each notice at most once; the cancellation, true at the end, exactly once.
      expect(new Set(types).size).toBe(types.length);
      expect(types).toContain("billing_subscription_cancelled");
    });
  }

  it("a completed checkout replaces the trial subscription (cancelled at once, without a 'cancelled' notice; confirmed once)", async () => {
    const ws = await workspace();
    const session = await testStripe().checkout.sessions.create({
      mode: "subscription",
      customer: ws.customer,
      client_reference_id: ws.orgId,
      line_items: [{ price: await seatPrice(), quantity: SEATS }],
      subscription_data: { metadata: { organizationId: ws.orgId } },
      success_url: "http://example.test/settings/billing?billing=success",
      cancel_url: "http://example.test/settings/billing?billing=cancelled",
    });
    const completed = standin().completeCheckout(session.id);
    const kept = completed.subscription!;
    // Processing the checkout cancels the trial subscription, which makes more events: deliver
    // and run until there are none left.
    for (let round = 0; round < 3; round++) {
      for (const e of eventsOf(ws.customer)) await deliver(e);
      await runJobs(ws.orgId);
    }
    expect((await testStripe().subscriptions.retrieve(ws.sub)).status).toBe("canceled");
    expect((await testStripe().subscriptions.retrieve(kept)).status).toBe("active");
    await expectStripeStateOf(ws.orgId, kept);
    expect((await storedEvents(ws.orgId)).map((e) => e.type)).toContain("customer.subscription.deleted");
    const { notifications, mails } = await noticesOf(ws.orgId);
    expect(notifications).toEqual([]);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([["billing_subscription_confirmed", ws.admins[0]!.email]]);
  });
});

/** expectStripeState for a subscription without a trial (checkout after the trial was replaced). */
async function expectStripeStateOf(orgId: string, subId: string) {
  const sub = await testStripe().subscriptions.retrieve(subId);
  const { org, account } = await stateOf(orgId);
  expect(org.subscriptionStatus).toBe(sub.status);
  expect(org.maxUsers).toBe(sub.items.data[0]!.quantity);
  expect(account.stripeSubscriptionId).toBe(sub.id);
  expect(account.currentPeriodEnd?.getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
}

describe("billing webhook: the route", () => {
  const post = (body: string, headers: Record<string, string>) =>
    POST(new NextRequest("http://hooks.example.test/api/billing/webhook", { method: "POST", body, headers }), {
      params: Promise.resolve({}),
    });

  it("answers 200 for a signed event and 200 duplicate for its replay, on any host, without a session", async () => {
    const ws = await workspace();
    standin().trialWillEnd(ws.sub);
    const { raw, signature } = signedEvent(lastEvent(ws.customer, "customer.subscription.trial_will_end"));
    const first = await post(raw, { "content-type": "application/json; charset=utf-8", "stripe-signature": signature });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const again = await post(raw, { "content-type": "application/json; charset=utf-8", "stripe-signature": signature });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await storedEvents(ws.orgId)).toHaveLength(1);
  });

  it("answers 400 problems for a bad signature and an oversized body, storing nothing", async () => {
    const ws = await workspace();
    standin().failPayment(ws.sub);
    const { raw } = signedEvent(lastEvent(ws.customer, "invoice.payment_failed"));
    const bad = await post(raw, { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(await bad.json()).toMatchObject({ status: 400, code: "invalid_input", detail: "Invalid webhook signature" });
    const missing = await post(raw, { "content-type": "application/json" });
    expect(missing.status).toBe(400);

    const huge = signedEvent({ ...lastEvent(ws.customer, "invoice.payment_failed"), padding: "x".repeat(300 * 1024) });
    const large = await post(huge.raw, { "content-type": "application/json", "stripe-signature": huge.signature });
    expect(large.status).toBe(400);
    expect(await large.json()).toMatchObject({ code: "payload_too_large" });
    expect(await storedEvents(ws.orgId)).toEqual([]);
  });
});
