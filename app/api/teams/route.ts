import { apiRoute } from "@/lib/api/route";
import { createTeam } from "@/lib/people/teams";
import { teamInputSchema } from "@/lib/people/schemas";

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "people.manage", body: teamInputSchema },
  async ({ ctx, body }) => Response.json(await createTeam(ctx, body), { status: 201 }),
);
