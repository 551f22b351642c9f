import "server-only";
import { stripeConfig } from "@/lib/billing/config";
import { PRICE_PER_USER_USD } from "@/lib/billing/pricing";
import { stripe } from "@/lib/billing/stripe-client";

// The Price billed per seat: STRIPE_PRICE_ID when set; else the one with our lookup key, created
// (with its product) the first time an installation needs it. Found once per process.

const SEAT_PRICE_LOOKUP_KEY = "pulsewell_seat_monthly";

const g = globalThis as unknown as { pulsewellSeatPrice?: { key: string; id: Promise<string> } };

async function findOrCreate(): Promise<string> {
  const s = stripe();
  const found = await s.prices.list({ lookup_keys: [SEAT_PRICE_LOOKUP_KEY], active: true, limit: 1 });
  const existing = found.data[0];
  if (existing) return existing.id;
  const product = await s.products.create(
    { name: "Pulsewell seat" },
    { idempotencyKey: `product-${SEAT_PRICE_LOOKUP_KEY}` },
  );
  const price = await s.prices.create(
    {
      product: product.id,
      unit_amount: PRICE_PER_USER_USD * 100,
      currency: "usd",
      recurring: { interval: "month" },
      lookup_key: SEAT_PRICE_LOOKUP_KEY,
    },
    { idempotencyKey: `price-${SEAT_PRICE_LOOKUP_KEY}` },
  );
  return price.id;
}

/** The seat Price's id (throws billing_not_configured without Stripe; a Stripe error as is). */
export async function seatPriceId(): Promise<string> {
  const config = stripeConfig();
  if (config?.priceId) return config.priceId;
  const key = `${config?.secretKey ?? ""}|${config?.apiBase?.href ?? ""}`;
  const cached = g.pulsewellSeatPrice;
  if (cached?.key === key) return cached.id;
  const id = findOrCreate();
  g.pulsewellSeatPrice = { key, id };
  // A failure is not kept: the next call asks again.
  id.catch(() => {
    if (g.pulsewellSeatPrice?.id === id) g.pulsewellSeatPrice = undefined;
  });
  return id;
}
