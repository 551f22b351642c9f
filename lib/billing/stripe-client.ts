import "server-only";
import Stripe from "stripe";
import { stripeConfig } from "@/lib/billing/config";
import { conflict, isDomainError, unavailable } from "@/lib/errors/domain-error";
import { log } from "@/lib/log/logger";

// The one Stripe client of the server. STRIPE_API_BASE points it at another host (the local
// stand-in of the tests and the demo, or stripe-mock); the library is the real one either way.

const g = globalThis as unknown as { pulsewellStripe?: { key: string; client: Stripe } };

const BILLING_NOT_CONFIGURED = "Billing is not configured on this installation.";
export const BILLING_UNAVAILABLE = "We could not reach the payment provider. Nothing was changed; please try again.";

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

/** A Stripe call for a request (billing actions, the signup card step): our own refusals
 * (billing_not_configured, or a DomainError thrown inside `fn`) pass; anything else is the
 * provider failing, logged and answered 503 billing_unavailable. `orgId` is null before signup. */
export async function callStripe<T>(what: string, orgId: string | null, fn: (s: Stripe) => Promise<T>): Promise<T> {
  const s = stripe();
  try {
    return await fn(s);
  } catch (err) {
    if (isDomainError(err)) throw err;
    log.warn("billing.stripe_failed", { orgId, what, err });
    throw unavailable("billing_unavailable", BILLING_UNAVAILABLE);
  }
}
