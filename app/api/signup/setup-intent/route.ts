import { apiRoute } from "@/lib/api/route";
import { createSignupSetupIntent } from "@/lib/billing/signup-payment";
import { setupIntentRequestSchema } from "@/lib/billing/schemas";

// POST /api/signup/setup-intent {email, name, companyName} -> { clientSecret } (SetupIntentDto).
// Main site only (a workspace host answers 404 before any field is looked at); without Stripe
// 409 billing_not_configured.
export const POST = apiRoute(
  {
    auth: "main",
    body: setupIntentRequestSchema,
    maxBodyBytes: 4 * 1024,
    rateLimit: "signupSetupIntent",
    invalidBodyMessage: "Please correct the highlighted fields.",
  },
  async ({ body }) => createSignupSetupIntent(body),
);
