/**
 * Stripe stand-in: a small local node:http server that speaks enough of Stripe's REST API (as the
 * real `stripe` npm library sends it) for Pulsewell's tests, e2e runs and the offline `npm start`
 * demo. Test/demo infrastructure only — never product code.
 *
 *   const standin = await startStripeStandin({ webhookUrl, webhookSecret: "whsec_test" });
 *   new Stripe("sk_test_x", { host: "127.0.0.1", port: standin.port, protocol: "http" });
 *   // or STRIPE_API_BASE=standin.url for lib/billing/config.ts
 *
 * What it serves (standin.url = http://127.0.0.1:PORT):
 * - /v1/customers, /v1/setup_intents (+ /:id/confirm from the browser with a pk_ key),
 *   /v1/payment_methods, /v1/products, /v1/prices, /v1/subscriptions, /v1/invoices/:id,
 *   /v1/checkout/sessions, /v1/billing_portal/sessions, /v1/events — form-encoded like Stripe,
 *   Bearer auth, Idempotency-Key, `expand[]` of id fields, Stripe error shapes. Test cards:
 *   4242424242424242 succeeds, 4000000000000002 declined, 4000000000009995 insufficient funds;
 *   Stripe's test PaymentMethod ids (pm_card_visa, pm_card_chargeDeclined, ...) work server side.
 * - GET /checkout/:id and /portal/:id: hosted pages ("Stripe test stand-in").
 * - GET /js/stripe.js: a browser Stripe.js stand-in (window.Stripe, elements, Payment Element,
 *   confirmSetup). Loaded from https://js.stripe.com it talks to https://api.stripe.com, else
 *   to its own origin.
 * - POST /_standin/<control> (JSON body) — the controls below, for e2e:
 *   end-trial {subscriptionId, outcome}, trial-will-end {subscriptionId}, fail-payment
 *   {subscriptionId}, recover-payment {subscriptionId}, cancel-now {subscriptionId},
 *   end-period {subscriptionId}, complete-checkout {sessionId}, deliver {eventId},
 *   failing {on}, reset {}; GET /_standin/events, GET /_standin/state.
 * Each state change creates a Stripe Event; with webhookUrl set (and autoDeliver, default true)
 * it is POSTed in the background, signed with Stripe.webhooks.generateTestHeaderString.
 * CLI: npx tsx scripts/stripe-standin/cli.ts --port N --webhook-url U --webhook-secret S --state-file F
 */
import { createStandin } from "./server.ts";

export type { StripeEvent } from "./objects.ts";

export interface StripeStandinOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where events are POSTed (e.g. http://127.0.0.1:3000/api/billing/webhook). null = keep them only. */
  webhookUrl?: string | null;
  /** Signing secret for Stripe-Signature (whsec_...). */
  webhookSecret: string;
  /** JSON state file: loaded on start, written (atomically) after each change. */
  stateFile?: string | null;
  /** Deliver events automatically (default true when webhookUrl is set). */
  autoDeliver?: boolean;
  /** Base URL the hosted pages/links use instead of http://host:port (e.g. behind a proxy). */
  publicUrl?: string;
}

export type TrialOutcome = "paid" | "failed" | "no_payment_method";

export interface DeliveryResult {
  eventId: string;
  ok: boolean;
  status: number | null;
  attempts: number;
}

export interface StripeStandin {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  stop(): Promise<void>;
  /** All events created so far, oldest first. */
  events(): import("./objects.ts").StripeEvent[];
  /** Copies of the current objects (customers, subscriptions, ...). */
  state(): import("./objects.ts").StandinState;
  /** Trial ends now: 'paid' -> active + invoice.paid; 'failed' -> past_due + invoice.payment_failed; 'no_payment_method' -> paused. */
  endTrial(subscriptionId: string, outcome: TrialOutcome): import("./objects.ts").Subscription;
  /** Emits customer.subscription.trial_will_end. */
  trialWillEnd(subscriptionId: string): import("./objects.ts").Subscription;
  /** A renewal charge fails: past_due + invoice.payment_failed + subscription.updated. */
  failPayment(subscriptionId: string): import("./objects.ts").Subscription;
  /** A past_due/unpaid subscription gets paid: active + invoice.paid + subscription.updated. */
  recoverPayment(subscriptionId: string): import("./objects.ts").Subscription;
  /** Cancel immediately: canceled + customer.subscription.deleted. */
  cancelNow(subscriptionId: string): import("./objects.ts").Subscription;
  /** Period rollover: cancel_at_period_end -> canceled + deleted; else renew (invoice.paid + updated). */
  endPeriod(subscriptionId: string): import("./objects.ts").Subscription;
  /** Same as pressing "Subscribe" on the hosted checkout page. */
  completeCheckout(sessionId: string): import("./objects.ts").CheckoutSession;
  /** (Re)deliver one event to webhookUrl now (awaits the delivery, with retries). */
  deliver(eventId: string): Promise<DeliveryResult>;
  /** Resolves when background deliveries started so far have finished. */
  settled(): Promise<void>;
  /** Stripe outage switch: every /v1 call answers 500 api_error while on. */
  setFailing(on: boolean): void;
  setWebhookUrl(url: string | null): void;
  /** Forget every object and event. */
  reset(): void;
}

export function startStripeStandin(opts: StripeStandinOptions): Promise<StripeStandin> {
  return createStandin(opts);
}
