import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listTeams } from "@/lib/people/teams";
import { entityId } from "@/lib/validation/entity-id";

export const GET = apiRoute(
  { auth: "session", permission: "people.view", params: z.object({ orgId: entityId("organization") }) },
  async ({ ctx }) => {
    return listTeams(ctx);
  },
);
