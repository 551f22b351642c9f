import { apiRoute } from "@/lib/api/route";
import { currentSession } from "@/lib/auth/current-session";
import { unauthenticated } from "@/lib/errors/domain-error";

// GET /api/auth/session -> { user: { id, organizationId, firstName, lastName, email, role }, userId }
export const GET = apiRoute({ auth: "session" }, async () => {
  const session = await currentSession();
  if (!session) throw unauthenticated();
  return { user: session.user, userId: session.user.id };
});
