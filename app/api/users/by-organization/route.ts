import { apiRoute } from "@/lib/api/route";
import { listUsers } from "@/lib/people/users";
import { userListQuerySchema } from "@/lib/people/schemas";
import { entityId } from "@/lib/validation/entity-id";

// GET /api/users/by-organization?organizationId=...: the list's second address, kept for the
// product's first client (docs/decisions.md (The API's addresses)).
export const GET = apiRoute(
  {
    auth: "session",
    permission: "people.view",
    query: userListQuerySchema.extend({ organizationId: entityId("organization") }),
  },
  async ({ ctx, query }) => {
    return listUsers(ctx, query);
  },
);
