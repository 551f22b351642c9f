import { apiRoute } from "@/lib/api/route";
import { resendInvitation } from "@/lib/people/users";
import { idParams } from "@/lib/people/schemas";

// POST /api/users/{id}/resend-invitation: a new link for someone who has not set a password yet.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "people.manage", params: idParams },
  async ({ ctx, params }) => resendInvitation(ctx, params.id),
);
