import "server-only";
import Stripe from "stripe";
import { stripeConfig } from "@/lib/billing/config";
import { conflict } from "@/lib/errors/domain-error";

// The one Stripe client of the server. STRIPE_API_BASE points it at another host (the local
// stand-in of the tests and the demo, or stripe-mock); the library is the real one either way.

const g = globalThis as unknown as { pulsewellStripe?: { key: string; client: Stripe } };

export const BILLING_NOT_CONFIGURED = "Billing is not configured on this installation.";

/** The configured client; refuses with billing_not_configured on an installation without Stripe. */
export function stripe(): Stripe {
  const config = stripeConfig();
  if (!config) throw conflict("billing_not_configured", BILLING_NOT_CONFIGURED);
  const cacheKey = `${config.secretKey}|${config.apiBase?.href ?? ""}`;
  if (g.pulsewellStripe?.key === cacheKey) return g.pulsewellStripe.client;
  const base = config.apiBase;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  g.pulsewellStripe = { key: cacheKey, client };
  return client;
}
