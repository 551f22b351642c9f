import { apiRoute } from "@/lib/api/route";
import { billingActionSchema } from "@/lib/billing/schemas";
import { startCheckout } from "@/lib/billing/subscription";

// POST /api/billing/upgrade {organizationId} -> { checkoutUrl } (CheckoutDto). Admins only (billing.manage).
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", permission: "billing.manage", body: billingActionSchema },
  async ({ ctx }) => startCheckout(ctx),
);
