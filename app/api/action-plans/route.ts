import { apiRoute } from "@/lib/api/route";
import { createPlan, listPlans } from "@/lib/plans/plans";
import { planInputSchema } from "@/lib/plans/schemas";

// The plans the caller may see (lib/plans/access.ts).
export const GET = apiRoute({ auth: "session", permission: "plans.view" }, async ({ ctx }) => listPlans(ctx));

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "plans.manage", body: planInputSchema },
  async ({ ctx, body }) => Response.json(await createPlan(ctx, body), { status: 201 }),
);
