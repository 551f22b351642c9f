import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";

// GET /api/users/organization/{orgId}?search=&roles=manager,admin&limit=&offset=
export const GET = apiRoute(
  { auth: "session", roles: ["admin", "manager"], params: z.object({ orgId: z.uuid() }), query: userListQuerySchema },
  async ({ ctx, params, query }) => {
    requireOwnOrg(ctx, params.orgId);
    return listUsers(ctx, query);
  },
);
