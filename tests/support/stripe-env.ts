// Stripe for integration tests: helper A's stand-in (scripts/stripe-standin) on a free port, and
// the real `stripe` library pointed at it through the environment. env() caches its first read,
// so the keys are set when this module is imported and STRIPE_API_BASE in beforeAll, before any
// test calls into the product. Events are not delivered by the stand-in (autoDeliver off): tests
// hand them to receiveWebhook / the route themselves, signed with signedEvent.
//
//   const standin = withStripeStandin();           // at the top of a describe or file
//   ... standin().state(), standin().events()
//   const { raw, signature } = signedEvent(event);
import { afterAll, beforeAll } from "vitest";
import Stripe from "stripe";
import { startStripeStandin, type StripeStandin } from "../../scripts/stripe-standin";

const TEST_STRIPE_SECRET_KEY = "sk_test_pulsewell_integration";
export const TEST_STRIPE_PUBLISHABLE_KEY = "pk_test_pulsewell_integration";
const TEST_STRIPE_WEBHOOK_SECRET = "whsec_pulsewell_integration";

process.env.STRIPE_SECRET_KEY = TEST_STRIPE_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_STRIPE_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = TEST_STRIPE_WEBHOOK_SECRET;

let running: StripeStandin | undefined;

/** Starts the stand-in for this test file (once) and returns a getter for it. */
export function withStripeStandin(): () => StripeStandin {
  beforeAll(async () => {
    running ??= await startStripeStandin({
      webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
      webhookUrl: null,
      autoDeliver: false,
    });
    process.env.STRIPE_API_BASE = running.url;
  });
  afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
  return () => {
    if (!running)
      throw new Error("withStripeStandin: the stand-in is not started (call it at the top of a describe or file)");
    return running;
  };
}

/** A client of its own for tests to set up Stripe state (customers, subscriptions) on the stand-in. */
export function testStripe(): Stripe {
  if (!running) throw new Error("testStripe: the stand-in is not started");
  return new Stripe(TEST_STRIPE_SECRET_KEY, {
    host: "127.0.0.1",
    port: running.port,
    protocol: "http",
    telemetry: false,
    maxNetworkRetries: 0,
  });
}

/** The event as Stripe would POST it: its JSON body and a valid Stripe-Signature for it (made
 * now, or at `timestamp` in Unix seconds: Stripe refuses signatures older than 5 minutes). */
export function signedEvent(
  event: unknown,
  secret = TEST_STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
): { raw: string; signature: string } {
  const raw = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: raw,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { raw, signature };
}
