import { apiRoute } from "@/lib/api/route";
import { focusAreas } from "@/lib/analytics/focus-areas";
import { focusAreasQuery } from "@/lib/analytics/focus-schemas";

// A team's (or the organisation's) dimensions ranked by how much acting on them could lift
// engagement, with the same hidden cells as the dashboard.
export const GET = apiRoute(
  { auth: "session", permission: "analytics.view", query: focusAreasQuery },
  async ({ ctx, query }) =>
    focusAreas(ctx, query.scope === "team" ? { kind: "team", teamId: query.teamId! } : { kind: "org" }),
);
