import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";

// GET /api/users/organization/{orgId}?search=&roles=manager,admin&limit=&offset=
export const GET = apiRoute(
  { auth: "session", permission: "people.view", params: z.object({ orgId: z.uuid() }), query: userListQuerySchema },
  async ({ ctx, query }) => {
    return listUsers(ctx, query);
  },
);
