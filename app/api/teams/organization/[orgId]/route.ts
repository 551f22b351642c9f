import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { listTeams } from "@/lib/people/teams";

export const GET = apiRoute({ auth: "session", roles: ["admin", "manager"], params: z.object({ orgId: z.uuid() }) }, async ({ ctx, params }) => {
  requireOwnOrg(ctx, params.orgId);
  return listTeams(ctx);
});
