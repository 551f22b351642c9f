import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";

// GET /api/users/by-organization?organizationId=... (the spec's second reading of the list).
export const GET = apiRoute(
  { auth: "session", permission: "people.view", query: userListQuerySchema.extend({ organizationId: z.uuid() }) },
  async ({ ctx, query }) => {
    return listUsers(ctx, query);
  },
);
