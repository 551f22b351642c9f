import { apiRoute } from "@/lib/api/route";
import { billingActionSchema } from "@/lib/billing/schemas";
import { resumeSubscription } from "@/lib/billing/subscription";

// POST /api/billing/resume {organizationId} -> BillingChangeDto. Admins only (billing.manage).
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", permission: "billing.manage", body: billingActionSchema },
  async ({ ctx }) => resumeSubscription(ctx),
);
