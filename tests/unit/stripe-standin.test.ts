/** The Stripe stand-in (scripts/stripe-standin) driven by the REAL `stripe` library. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandin, type StripeStandin } from "@/scripts/stripe-standin/index.ts";

const SECRET = "whsec_unit_test";
let standin: StripeStandin;
let stripe: Stripe;

const client = (s: StripeStandin): Stripe =>
  new Stripe("sk_test_standin", { host: "127.0.0.1", port: s.port, protocol: "http", maxNetworkRetries: 0 });

async function seatPrice(s: Stripe): Promise<string> {
  const product = await s.products.create({ name: "Pulsewell seat" });
  const price = await s.prices.create({
    product: product.id,
    unit_amount: 600,
    currency: "usd",
    recurring: { interval: "month" },
    lookup_key: `seat_${Math.random().toString(36).slice(2)}`,
  });
  return price.id;
}

/** What the browser stand-in sends: the publishable key and a card number. */
async function confirmFromBrowser(s: StripeStandin, clientSecret: string, number: string): Promise<Response> {
  const id = clientSecret.split("_secret_")[0] ?? "";
  const body = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number,
  });
  return fetch(`${s.url}/v1/setup_intents/${id}/confirm`, {
    method: "POST",
    headers: { authorization: "Bearer pk_test_standin", "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

beforeAll(async () => {
  standin = await startStripeStandin({ webhookSecret: SECRET });
  stripe = client(standin);
});
afterAll(async () => {
  await standin.stop();
});
afterEach(() => {
  standin.setFailing(false);
});

describe("stripe stand-in with the real stripe library", () => {
  it("runs a signup: setup intent confirmed in the browser, customer, trialing subscription, changes, trial end", async () => {
    const si = await stripe.setupIntents.create({
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { signupEmail: "ada@example.com" },
    });
    expect(si).toMatchObject({ status: "requires_payment_method", allowed_payment_method_types: ["card"] });
    expect(si.client_secret).toMatch(/^seti_\w+_secret_\w+$/);

    const declined = await confirmFromBrowser(standin, si.client_secret ?? "", "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
    });
    const poor = await confirmFromBrowser(standin, si.client_secret ?? "", "4000000000009995");
    expect(await poor.json()).toMatchObject({ error: { decline_code: "insufficient_funds" } });

    const ok = await confirmFromBrowser(standin, si.client_secret ?? "", "4242 4242 4242 4242");
    expect(ok.status).toBe(200);
    const confirmed = await stripe.setupIntents.retrieve(si.id);
    expect(confirmed.status).toBe("succeeded");
    expect(confirmed.metadata?.signupEmail).toBe("ada@example.com");
    const pm = confirmed.payment_method as string;
    expect((await stripe.paymentMethods.retrieve(pm)).card?.last4).toBe("4242");

    // A publishable key may only confirm.
    const pkRead = await fetch(`${standin.url}/v1/setup_intents/${si.id}`, {
      headers: { authorization: "Bearer pk_test_x" },
    });
    expect(pkRead.status).toBe(401);

    const customer = await stripe.customers.create({
      email: "ada@example.com",
      name: "Acme",
      metadata: { organizationId: "org-1" },
      payment_method: pm,
      invoice_settings: { default_payment_method: pm },
    });
    const found = await stripe.customers.list({ email: "ada@example.com" });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
    expect((await stripe.customers.list({ email: "nobody@example.com" })).data).toEqual([]);

    const price = await seatPrice(stripe);
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86400;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price, quantity: 3 }],
      trial_end: trialEnd,
      default_payment_method: pm,
      metadata: { organizationId: "org-1" },
      trial_settings: { end_behavior: { missing_payment_method: "pause" } },
    });
    expect(sub).toMatchObject({
      object: "subscription",
      status: "trialing",
      trial_end: trialEnd,
      cancel_at_period_end: false,
    });
    const item = sub.items.data[0];
    expect(item).toMatchObject({
      object: "subscription_item",
      quantity: 3,
      current_period_end: trialEnd,
      price: { id: price },
    });

    const more = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item?.id, quantity: 5 }],
      proration_behavior: "create_prorations",
    });
    expect(more.items.data[0]?.quantity).toBe(5);
    expect((await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })).cancel_at_period_end).toBe(true);
    expect((await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).cancel_at_period_end).toBe(
      false,
    );

    const active = standin.endTrial(sub.id, "paid");
    expect(active.status).toBe("active");
    expect(active.items.data[0]?.current_period_end).toBeGreaterThan(trialEnd + 20 * 86400);
    const types = standin.events().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "setup_intent.succeeded",
        "customer.created",
        "customer.subscription.created",
        "customer.subscription.updated",
        "invoice.paid",
      ]),
    );

    expect(standin.failPayment(sub.id).status).toBe("past_due");
    expect(standin.events().at(-1)?.type).toBe("invoice.payment_failed");
    expect(standin.recoverPayment(sub.id).status).toBe("active");

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe("canceled");
    expect(standin.events().at(-1)?.type).toBe("customer.subscription.deleted");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data.map((s) => s.id)).toEqual([
      sub.id,
    ]);
  });

  it("ends trials without payment (paused) and with a failed charge (past_due), and rolls cancelling periods over", async () => {
    const customer = await stripe.customers.create({ email: "t@example.com" });
    const price = await seatPrice(stripe);
    const trialEnd = Math.floor(Date.now() / 1000) + 86400;
    const make = () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price, quantity: 1 }],
        trial_end: trialEnd,
        trial_settings: { end_behavior: { missing_payment_method: "pause" } },
      });
    expect(standin.endTrial((await make()).id, "no_payment_method").status).toBe("paused");
    expect(standin.endTrial((await make()).id, "failed").status).toBe("past_due");
    const third = await make();
    standin.trialWillEnd(third.id);
    expect(standin.events().at(-1)?.type).toBe("customer.subscription.trial_will_end");
    await stripe.subscriptions.update(third.id, { cancel_at_period_end: true });
    expect(standin.endPeriod(third.id).status).toBe("canceled");
    expect(standin.events().at(-1)?.type).toBe("customer.subscription.deleted");
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "paused" })).data).toHaveLength(1);
  });

  it("accepts Stripe's test PaymentMethod ids server side (confirm at create)", async () => {
    const si = await stripe.setupIntents.create({
      payment_method: "pm_card_visa",
      confirm: true,
      usage: "off_session",
    });
    expect(si.status).toBe("succeeded");
    expect(si.payment_method).toMatch(/^pm_\w+$/);
    await expect(
      stripe.setupIntents.create({ payment_method: "pm_card_chargeDeclined", confirm: true }),
    ).rejects.toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
      message: "Your card was declined.",
    });
    const c = await stripe.customers.create({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    expect(c.invoice_settings.default_payment_method).toMatch(/^pm_\w+$/);
  });

  it("answers Stripe error shapes", async () => {
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(
      stripe.subscriptions.create({ customer: "cus_missing", items: [{ price: "price_x" }] }),
    ).rejects.toMatchObject({
      statusCode: 404,
      param: "customer",
    });
    const bad = await fetch(`${standin.url}/v1/customers`, { headers: { authorization: "Bearer nope" } });
    expect(bad.status).toBe(401);
    const customer = await stripe.customers.create({ email: "e@example.com" });
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: await seatPrice(stripe), quantity: 0 }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: "items[0][quantity]" });
  });

  it("finds prices by lookup key and honours Idempotency-Key", async () => {
    const product = await stripe.products.create({ name: "Seat" });
    const params = {
      product: product.id,
      unit_amount: 600,
      currency: "usd",
      recurring: { interval: "month" as const },
      lookup_key: "pulsewell_seat_unit",
    };
    const first = await stripe.prices.create(params, { idempotencyKey: "price-1" });
    const again = await stripe.prices.create(params, { idempotencyKey: "price-1" });
    expect(again.id).toBe(first.id);
    await expect(stripe.prices.create(params)).rejects.toMatchObject({ statusCode: 400, param: "lookup_key" });
    const listed = await stripe.prices.list({ lookup_keys: ["pulsewell_seat_unit"], active: true });
    expect(listed.data.map((p) => p.id)).toEqual([first.id]);
    expect((await stripe.prices.list({ lookup_keys: ["nope"] })).data).toEqual([]);

    const c1 = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "customer-org-9" });
    const c2 = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "customer-org-9" });
    expect(c2.id).toBe(c1.id);
    expect((await stripe.customers.list({ email: "idem@example.com" })).data).toHaveLength(1);
  });

  it("completes a hosted checkout: subscribe button, redirect, session complete, events", async () => {
    const customer = await stripe.customers.create({ email: "buyer@example.com" });
    const price = await seatPrice(stripe);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "org-2",
      line_items: [{ price, quantity: 4 }],
      subscription_data: { metadata: { organizationId: "org-2" } },
      success_url: "http://app.test/settings/billing?billing=success",
      cancel_url: "http://app.test/settings/billing?billing=cancelled",
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      url: `${standin.url}/checkout/${session.id}`,
    });

    const page = await (await fetch(session.url ?? "")).text();
    expect(page).toContain("Stripe test stand-in");
    expect(page).toContain("4 × $6.00 / month");
    expect(page).toContain(">Subscribe</button>");
    expect(page).toContain('href="http://app.test/settings/billing?billing=cancelled"');

    const paid = await fetch(`${standin.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("http://app.test/settings/billing?billing=success");

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe("complete");
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect((expanded.subscription as Stripe.Subscription).object).toBe("subscription");
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    expect(sub).toMatchObject({ status: "active", metadata: { organizationId: "org-2" } });
    expect(sub.items.data[0]?.quantity).toBe(4);
    const types = standin
      .events()
      .slice(-3)
      .map((e) => e.type);
    expect(types).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app.test/settings/billing",
    });
    expect(portal.url).toBe(`${standin.url}/portal/${portal.id}`);
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain("Cancel subscription");
    expect(portalPage).toContain("Return to Pulsewell");
    await fetch(`${portal.url}/cancel`, { method: "POST", redirect: "manual" });
    expect((await stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain("Resume");
  });

  it("simulates an outage over the API and the HTTP control", async () => {
    standin.setFailing(true);
    await expect(stripe.customers.list()).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 503 });
    standin.setFailing(false);
    await expect(stripe.customers.list()).resolves.toMatchObject({ object: "list" });
    const on = await fetch(`${standin.url}/_standin/failing`, { method: "POST", body: JSON.stringify({ on: true }) });
    expect(await on.json()).toEqual({ failing: true });
    await expect(stripe.customers.list()).rejects.toMatchObject({ statusCode: 503 });
  });

  it("offers the controls over HTTP for e2e", async () => {
    const customer = await stripe.customers.create({ email: "ctl@example.com" });
    const price = await seatPrice(stripe);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price }],
      trial_end: Math.floor(Date.now() / 1000) + 3600,
    });
    const post = (name: string, body: unknown) =>
      fetch(`${standin.url}/_standin/${name}`, { method: "POST", body: JSON.stringify(body) });
    const ended = await post("end-trial", { subscriptionId: sub.id, outcome: "failed" });
    expect(await ended.json()).toMatchObject({ id: sub.id, status: "past_due" });
    expect((await post("end-trial", { subscriptionId: sub.id, outcome: "maybe" })).status).toBe(400);
    expect((await post("cancel-now", { subscriptionId: "sub_nope" })).status).toBe(404);
    expect(await (await post("cancel-now", { subscriptionId: sub.id })).json()).toMatchObject({ status: "canceled" });
    const events = (await (await fetch(`${standin.url}/_standin/events`)).json()) as { data: { type: string }[] };
    expect(events.data.at(-1)?.type).toBe("customer.subscription.deleted");
  });

  it("serves the browser Stripe.js stand-in and CORS for /v1", async () => {
    const js = await fetch(`${standin.url}/js/stripe.js`);
    expect(js.headers.get("content-type")).toContain("javascript");
    const text = await js.text();
    expect(text).toContain('Stripe.version = "endive"');
    expect(() => new Function(text)).not.toThrow();
    const pre = await fetch(`${standin.url}/v1/setup_intents/seti_1/confirm`, { method: "OPTIONS" });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-headers")).toContain("Authorization");
  });
});

describe("stripe stand-in webhooks and state file", () => {
  let receiver: Server;
  let received: { body: string; signature: string }[] = [];
  let dir: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["stripe-signature"]),
        });
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    dir = mkdtempSync(join(tmpdir(), "stripe-standin-"));
  });
  afterAll(async () => {
    await new Promise<void>((r) => receiver.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("delivers signed events that constructEventAsync verifies; a tampered body is refused", async () => {
    received = [];
    const port = (receiver.address() as AddressInfo).port;
    const s = await startStripeStandin({ webhookSecret: SECRET, webhookUrl: `http://127.0.0.1:${port}/hook` });
    try {
      const api = client(s);
      const customer = await api.customers.create({ email: "hook@example.com" });
      await s.settled();
      expect(received).toHaveLength(1);
      const hit = received[0];
      if (!hit) throw new Error("no delivery");
      const event = await api.webhooks.constructEventAsync(hit.body, hit.signature, SECRET);
      expect(event.type).toBe("customer.created");
      expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
      await expect(
        api.webhooks.constructEventAsync(hit.body.replace("hook@", "evil@"), hit.signature, SECRET),
      ).rejects.toThrow();

      const redelivered = await s.deliver(event.id);
      expect(redelivered).toMatchObject({ ok: true, status: 200, attempts: 1 });
      expect(received).toHaveLength(2);
    } finally {
      await s.stop();
    }
  });

  it("keeps its objects across restarts with a state file", async () => {
    const stateFile = join(dir, "state.json");
    const first = await startStripeStandin({ webhookSecret: SECRET, stateFile });
    const customer = await client(first).customers.create({
      email: "keep@example.com",
      metadata: { organizationId: "org-3" },
    });
    await first.stop();
    expect(JSON.parse(readFileSync(stateFile, "utf8"))).toHaveProperty(["customers", customer.id]);

    const second = await startStripeStandin({ webhookSecret: SECRET, stateFile });
    try {
      const again = await client(second).customers.retrieve(customer.id);
      expect(again).toMatchObject({ email: "keep@example.com", metadata: { organizationId: "org-3" } });
      expect(second.events().map((e) => e.type)).toEqual(["customer.created"]);
    } finally {
      await second.stop();
    }
  });
});
