import "server-only";
import { invalidInput } from "@/lib/errors/domain-error";
import { callStripe } from "@/lib/billing/stripe-client";
import type { SetupIntentRequest } from "@/lib/billing/schemas";
import type { SetupIntentDto } from "@/lib/billing/dto";
import { PAYMENT_SETUP_INVALID } from "@/lib/signup/schemas";

// The card step of signup (docs/decisions.md (Billing and seats)): the browser confirms a SetupIntent made here
// for the signup's e-mail; completing the signup checks it succeeded for that same e-mail. The
// card is attached to the workspace's customer later, by the provisioning job.

export { PAYMENT_SETUP_INVALID };

/** A SetupIntent for the signup form's card element. */
export async function createSignupSetupIntent(input: SetupIntentRequest): Promise<SetupIntentDto> {
  return callStripe("setup_intent_create", null, async (s) => {
    const intent = await s.setupIntents.create({
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { signupEmail: input.email.toLowerCase(), companyName: input.companyName, name: input.name },
    });
    if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
    return { clientSecret: intent.client_secret };
  });
}

export type VerifiedSetupIntent = { setupIntentId: string; paymentMethodId: string | null };

const SETUP_INTENT_ID = /^seti_[A-Za-z0-9_]{1,200}$/;

/** The SetupIntent named by a signup: it must exist, have succeeded, and be for `email`;
 * otherwise 400 payment_setup_invalid. Stripe unreachable: 503 billing_unavailable. */
export async function verifySignupSetupIntent(
  setupIntentId: string | undefined,
  email: string,
): Promise<VerifiedSetupIntent> {
  const invalid = () =>
    invalidInput(PAYMENT_SETUP_INVALID, { setupIntentId: [PAYMENT_SETUP_INVALID] }, "payment_setup_invalid");
  if (!setupIntentId || !SETUP_INTENT_ID.test(setupIntentId)) throw invalid();
  const intent = await callStripe("setup_intent_retrieve", null, (s) =>
    s.setupIntents.retrieve(setupIntentId).catch((err: unknown) => {
      // Stripe answering "no such SetupIntent" is the signup's mistake; anything else is Stripe's.
      const status = (err as { statusCode?: number }).statusCode;
      throw status === 404 || status === 400 ? invalid() : err;
    }),
  );
  if (intent.status !== "succeeded" || intent.metadata?.signupEmail !== email.toLowerCase()) throw invalid();
  const pm = intent.payment_method;
  return { setupIntentId: intent.id, paymentMethodId: typeof pm === "string" ? pm : (pm?.id ?? null) };
}
