import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { teamRankings } from "@/lib/analytics/teams";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ organizationId: entityId("organization") });

// Every team for admins, the teams they lead for managers; hidden teams carry null scores.
export const GET = apiRoute({ auth: "session", permission: "analytics.view", params }, async ({ ctx }) => {
  return teamRankings(ctx);
});
