import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { invalidInput } from "@/lib/errors/domain-error";
import { zodFieldErrors } from "@/lib/errors/problem";
import { requireMainHost } from "@/lib/signup/main-host";
import { createSignupSetupIntent } from "@/lib/billing/signup-payment";
import { setupIntentRequestSchema } from "@/lib/billing/schemas";

// POST /api/signup/setup-intent {email, name, companyName} -> { clientSecret } (SetupIntentDto).
// Main site only (a workspace host answers 404 before any field is looked at); without Stripe
// 409 billing_not_configured.
export const POST = apiRoute(
  { auth: "public", body: z.unknown(), maxBodyBytes: 4 * 1024, rateLimit: "signupSetupIntent" },
  async ({ body }) => {
    await requireMainHost();
    const parsed = setupIntentRequestSchema.safeParse(body);
    if (!parsed.success)
      throw invalidInput("Please correct the highlighted fields.", zodFieldErrors(parsed.error.issues));
    return createSignupSetupIntent(parsed.data);
  },
);
