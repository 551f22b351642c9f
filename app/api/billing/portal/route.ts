import { apiRoute } from "@/lib/api/route";
import { billingActionSchema } from "@/lib/billing/schemas";
import { openBillingPortal } from "@/lib/billing/subscription";

// POST /api/billing/portal {organizationId} -> { url } (PortalDto). Admins only (billing.manage).
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", permission: "billing.manage", body: billingActionSchema },
  async ({ ctx }) => openBillingPortal(ctx),
);
