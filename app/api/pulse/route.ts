import { apiRoute } from "@/lib/api/route";
import { pulseOverview } from "@/lib/analytics/pulse";
import { pulseQuery } from "@/lib/analytics/pulse-schemas";

export const GET = apiRoute(
  { auth: "session", permission: "analytics.view", query: pulseQuery },
  async ({ ctx, query }) => pulseOverview(ctx, query.round, query.segment),
);
