import { apiRoute } from "@/lib/api/route";
import { currentSession } from "@/lib/auth/current-session";
import { unauthorized } from "@/lib/api/errors";

// GET /api/auth/session -> { user: { id, organizationId, firstName, lastName, email, role }, userId }
export const GET = apiRoute({ auth: "session" }, async () => {
  const session = await currentSession();
  if (!session) throw unauthorized();
  return { user: session.user, userId: session.user.id };
});
