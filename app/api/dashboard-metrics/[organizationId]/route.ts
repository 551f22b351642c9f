import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { dashboardMetrics } from "@/lib/analytics/dashboard";

const params = z.object({ organizationId: z.uuid() });

// Admins: the organisation; managers: their own teams (docs/decisions.md (Roles and permissions)). Employees: 403.
export const GET = apiRoute({ auth: "session", permission: "analytics.view", params }, async ({ ctx }) => {
  return dashboardMetrics(ctx);
});
