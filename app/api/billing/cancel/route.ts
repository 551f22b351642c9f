import { apiRoute } from "@/lib/api/route";
import { billingActionSchema } from "@/lib/billing/schemas";
import { cancelSubscription } from "@/lib/billing/subscription";

// POST /api/billing/cancel {organizationId} -> BillingChangeDto. Admins only (billing.manage).
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", permission: "billing.manage", body: billingActionSchema },
  async ({ ctx }) => cancelSubscription(ctx),
);
