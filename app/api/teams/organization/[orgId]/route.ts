import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listTeams } from "@/lib/people/teams";

export const GET = apiRoute(
  { auth: "session", permission: "people.view", params: z.object({ orgId: z.uuid() }) },
  async ({ ctx }) => {
    return listTeams(ctx);
  },
);
