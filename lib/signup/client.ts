import { apiFetch } from "@/lib/api/client";
import {
  availabilitySchema,
  setupIntentResultSchema,
  signupResultSchema,
  type Availability,
  type SignupResult,
} from "@/lib/signup/api-types";
import type { SetupIntentDto } from "@/lib/billing/dto";
import type { SetupIntentRequest } from "@/lib/billing/schemas";
import type { SignupData } from "@/lib/signup/schemas";

// Browser-side calls of the signup flow.

export function fetchAvailability(subdomain: string, signal?: AbortSignal): Promise<Availability> {
  return apiFetch(`/api/signup/check-subdomain/${encodeURIComponent(subdomain)}`, {
    schema: availabilitySchema,
    signal,
  });
}

export function postSignup(data: SignupData): Promise<SignupResult> {
  return apiFetch("/api/signup/complete", { method: "POST", body: data, schema: signupResultSchema });
}

/** The payment step's SetupIntent (only when the installation bills through Stripe). */
export function postSetupIntent(input: SetupIntentRequest): Promise<SetupIntentDto> {
  return apiFetch("/api/signup/setup-intent", { method: "POST", body: input, schema: setupIntentResultSchema });
}

export function postQuickLogin(subdomain: string, token: string): Promise<unknown> {
  return apiFetch(`/api/auth/quick-login/${encodeURIComponent(subdomain)}`, { method: "POST", body: { token } });
}
