import { apiRoute } from "@/lib/api/route";
import { changeSeatsSchema } from "@/lib/billing/schemas";
import { changeSeats } from "@/lib/billing/seats";

// PUT /api/billing/seats {organizationId, seats} -> BillingChangeDto. Admins only (billing.manage).
export const PUT = apiRoute(
  { auth: "session", readOnly: "allow", permission: "billing.manage", body: changeSeatsSchema },
  async ({ ctx, body }) => changeSeats(ctx, body.seats),
);
