"use client";

import { loadStripe } from "@stripe/stripe-js/pure";
import type { Stripe } from "@stripe/stripe-js";
import type { SignupPaymentConfig } from "@/lib/billing/dto";

// Stripe.js, loaded once per page and only by the card step (this module is reached through a
// dynamic import). The /pure entry loads nothing until asked. With STRIPE_JS_URL set (the demo's
// stand-in) that script is added first, so window.Stripe exists and loadStripe uses it instead of
// js.stripe.com. Scripts added by our own code run under the page's 'strict-dynamic' policy.

let loading: Promise<Stripe> | null = null;

function addScript(src: string): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
}

async function load(config: SignupPaymentConfig): Promise<Stripe> {
  if (config.jsUrl) await addScript(config.jsUrl);
  const stripe = await loadStripe(config.publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available");
  return stripe;
}

/** The page's Stripe instance; a failed load is forgotten, so a retry loads again. */
export function stripeFor(config: SignupPaymentConfig): Promise<Stripe> {
  loading ??= load(config).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
