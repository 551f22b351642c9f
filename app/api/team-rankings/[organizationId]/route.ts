import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { teamRankings } from "@/lib/analytics/teams";

const params = z.object({ organizationId: z.uuid() });

// Every team for admins, the teams they lead for managers; hidden teams carry null scores.
export const GET = apiRoute({ auth: "session", roles: ["admin", "manager"], params }, async ({ ctx, params }) => {
  requireOwnOrg(ctx, params.organizationId);
  return teamRankings(ctx);
});
