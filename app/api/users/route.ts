import { apiRoute } from "@/lib/api/route";
import { createUser } from "@/lib/people/users";
import { userInputSchema } from "@/lib/people/schemas";

// POST /api/users: adds a person (admins); they get an invitation e-mail to set their password.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "people.manage", body: userInputSchema },
  async ({ ctx, body }) => Response.json(await createUser(ctx, body), { status: 201 }),
);
