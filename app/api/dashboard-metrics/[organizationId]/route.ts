import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ organizationId: entityId("organization") });

// Admins: the organisation; managers: their own teams (docs/decisions.md (Roles and permissions)). Employees: 403.
export const GET = apiRoute({ auth: "session", permission: "analytics.view", params }, async ({ ctx }) => {
  return dashboardMetrics(ctx);
});
