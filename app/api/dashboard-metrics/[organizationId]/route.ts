import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { dashboardMetrics } from "@/lib/analytics/dashboard";

const params = z.object({ organizationId: z.uuid() });

// Admins: the organisation; managers: their own teams (decisions.md). Employees: 403.
export const GET = apiRoute({ auth: "session", roles: ["admin", "manager"], params }, async ({ ctx, params }) => {
  requireOwnOrg(ctx, params.organizationId);
  return dashboardMetrics(ctx);
});
