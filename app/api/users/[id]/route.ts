import { apiRoute } from "@/lib/api/route";
import { deleteUser, getUser, updateUser } from "@/lib/people/users";
import { idParams, userInputSchema } from "@/lib/people/schemas";

export const GET = apiRoute({ auth: "session", params: idParams }, async ({ ctx, params }) => getUser(ctx, params.id));

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "people.manage", params: idParams, body: userInputSchema },
  async ({ ctx, params, body }) => updateUser(ctx, params.id, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "people.manage", params: idParams },
  async ({ ctx, params }) => {
    await deleteUser(ctx, params.id);
    return { ok: true };
  },
);
