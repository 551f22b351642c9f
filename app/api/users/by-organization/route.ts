import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";

// GET /api/users/by-organization?organizationId=... (the spec's second reading of the list).
export const GET = apiRoute(
  { auth: "session", roles: ["admin", "manager"], query: userListQuerySchema.extend({ organizationId: z.uuid() }) },
  async ({ ctx, query }) => {
    requireOwnOrg(ctx, query.organizationId);
    return listUsers(ctx, query);
  },
);
