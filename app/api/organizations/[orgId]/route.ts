import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getOrganization } from "@/lib/org/organization";

export const GET = apiRoute({ auth: "session", params: z.object({ orgId: z.uuid() }) }, async ({ ctx, params }) =>
  getOrganization(ctx, params.orgId),
);
