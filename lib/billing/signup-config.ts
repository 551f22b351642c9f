import "server-only";
import { stripeConfig } from "@/lib/billing/config";
import type { SignupPaymentConfig } from "@/lib/billing/dto";

/** What the signup page hands the browser to take a card (only public values: never the secret
 * key); null on an installation without Stripe, where step 2 says no card is needed. */
export function signupPaymentConfig(): SignupPaymentConfig | null {
  const config = stripeConfig();
  if (!config) return null;
  return { publishableKey: config.publishableKey, testMode: config.testMode, jsUrl: config.jsUrl };
}
