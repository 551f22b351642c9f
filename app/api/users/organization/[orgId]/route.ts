import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";
import { entityId } from "@/lib/validation/entity-id";

// GET /api/users/organization/{orgId}?search=&roles=manager,admin&limit=&offset=
export const GET = apiRoute(
  {
    auth: "session",
    permission: "people.view",
    params: z.object({ orgId: entityId("organization") }),
    query: userListQuerySchema,
  },
  async ({ ctx, query }) => {
    return listUsers(ctx, query);
  },
);
