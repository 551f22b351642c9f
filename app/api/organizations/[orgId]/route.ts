import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getOrganization } from "@/lib/org/organization";
import { entityId } from "@/lib/validation/entity-id";

export const GET = apiRoute(
  { auth: "session", params: z.object({ orgId: entityId("organization") }) },
  async ({ ctx, params }) => getOrganization(ctx, params.orgId),
);
