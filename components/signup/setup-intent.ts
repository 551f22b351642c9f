import type { SetupIntentRequest } from "@/lib/billing/schemas";

// Pure rules of the card step (unit-tested): what the SetupIntent is created for, and when one
// created earlier can be used again.

export type SignupPerson = { workEmail: string; firstName: string; lastName: string; companyName: string };

/** The body of POST /api/signup/setup-intent for these company details. */
export function setupIntentRequest(d: SignupPerson): SetupIntentRequest {
  return {
    email: d.workEmail.trim().toLowerCase(),
    name: `${d.firstName.trim()} ${d.lastName.trim()}`,
    companyName: d.companyName.trim(),
  };
}

/** What a SetupIntent is bound to: the server checks its e-mail at completion, and the name and
 * company are in its metadata. Coming back from the details with these unchanged keeps it. */
export function setupIntentKey(r: SetupIntentRequest): string {
  return JSON.stringify([r.email, r.name, r.companyName]);
}

/** The card step's state. `confirmedId`: the card was confirmed with Stripe already, so only the
 * signup itself is left (a retry after a failed completion must not confirm a second time). */
export type CardState =
  | { kind: "idle" }
  | { kind: "loading"; key: string }
  | { kind: "failed"; key: string; request: SetupIntentRequest }
  | { kind: "ready"; key: string; clientSecret: string; confirmedId: string | null };

/** Whether entering the step with these details needs a new SetupIntent. */
export function needsNewIntent(state: CardState, key: string): boolean {
  if (state.kind === "ready" || state.kind === "loading") return state.key !== key;
  return true;
}

/** Where Stripe sends the browser back when a card needs a redirect (/dashboard). */
export function paymentReturnUrl(origin: string): string {
  return new URL("/dashboard", origin).toString();
}

export const INIT_FAILED = "Error: Failed to initialize payment. Please try again.";
export const TEST_MODE_HINT = "Test mode: use card 4242 4242 4242 4242, any future date and any CVC.";
