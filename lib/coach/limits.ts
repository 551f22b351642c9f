import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { enforceRateLimit } from "@/lib/api/rate-limit";

/** At most 30 messages per person per 10 minutes (docs/decisions.md (The coach and its privacy)). Counts one message of
 * the caller's and throws the rate_limited DomainError (429 with Retry-After) once the limit is used up. The coach
 * engine calls it before it stores a user message. */
export async function enforceCoachMessageLimit(ctx: AuthContext, now?: Date): Promise<void> {
  await enforceRateLimit("coachMessage", { address: null, orgId: ctx.orgId, userId: ctx.userId }, now);
}
