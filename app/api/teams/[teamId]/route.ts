import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteTeam, getTeam, updateTeam } from "@/lib/people/teams";
import { teamInputSchema } from "@/lib/people/schemas";

const params = z.object({ teamId: z.uuid() });

export const GET = apiRoute({ auth: "session", roles: ["admin", "manager"], params }, async ({ ctx, params }) => getTeam(ctx, params.teamId));

export const PUT = apiRoute({ auth: "session", roles: ["admin"], params, body: teamInputSchema }, async ({ ctx, params, body }) =>
  updateTeam(ctx, params.teamId, body),
);

export const DELETE = apiRoute({ auth: "session", roles: ["admin"], params }, async ({ ctx, params }) => {
  await deleteTeam(ctx, params.teamId);
  return { ok: true };
});
