import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteTeam, getTeam, updateTeam } from "@/lib/people/teams";
import { teamInputSchema } from "@/lib/people/schemas";
import { teamDashboardData } from "@/lib/analytics/teams";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ teamId: entityId("team") });

// The team and its members, plus the dashboard-side team data (scores, trend, member count): scores
// only for admins and the team's own manager, and only when enough people answered.
export const GET = apiRoute({ auth: "session", permission: "people.view", params }, async ({ ctx, params }) => {
  const team = await getTeam(ctx, params.teamId);
  return { ...team, ...(await teamDashboardData(ctx, params.teamId)) };
});

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "people.manage", params, body: teamInputSchema },
  async ({ ctx, params, body }) => updateTeam(ctx, params.teamId, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "people.manage", params },
  async ({ ctx, params }) => {
    await deleteTeam(ctx, params.teamId);
    return { ok: true };
  },
);
