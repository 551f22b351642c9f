import "server-only";
import { env } from "@/lib/config/env";

// Whether this installation bills through Stripe (docs/decisions.md (Billing and seats)): all three keys set, or
// none (a self-hosted installation, where nothing of billing is required and the product says so).
// Some but not all is a mistake in the configuration, refused loudly rather than half-working.

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another host for the server's Stripe client (a local stand-in); unset means api.stripe.com. */
  apiBase: URL | null;
  /** The Price billed per seat; null means found or created by lookup key (lib/billing/price.ts). */
  priceId: string | null;
  /** Test keys: the payment step shows the test card. */
  testMode: boolean;
  /** A stand-in for Stripe.js (the demo); null means https://js.stripe.com. */
  jsUrl: string | null;
};

export function stripeConfig(): StripeConfig | null {
  const e = env();
  const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  const set = keys.filter(Boolean).length;
  if (set === 0) return null;
  if (set < 3) {
    throw new Error(
      "Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together (set all three, or none for an installation without billing). See .env.example.",
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY!,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null,
    priceId: e.STRIPE_PRICE_ID ?? null,
    testMode: e.STRIPE_PUBLISHABLE_KEY!.startsWith("pk_test_"),
    jsUrl: e.STRIPE_JS_URL ?? null,
  };
}

export const billingEnabled = (): boolean => stripeConfig() !== null;
