import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { PEOPLE_VIEWERS, requireRole } from "@/lib/people/access";

/** One row of the surveys overview (dates as ISO strings, ready for a client component). */
export type SurveyListItem = {
  id: string;
  title: string;
  kind: "pulse" | "custom";
  status: "scheduled" | "active" | "closed";
  scheduledFor: string;
  sentAt: string | null;
  closesAt: string | null;
  invitedCount: number;
  responseCount: number;
};

const LIMIT = 50;

/** The surveys overview: pulse rounds and custom surveys, newest first (admins and managers).
 * Counts only, never who answered. */
export async function listSurveys(ctx: AuthContext): Promise<SurveyListItem[]> {
  requireRole(ctx, PEOPLE_VIEWERS);
  const rows = await withOrg(ctx.orgId, (tx) =>
    tx.survey.findMany({
      where: { organizationId: ctx.orgId },
      select: { id: true, title: true, kind: true, status: true, scheduledFor: true, sentAt: true, closesAt: true, invitedCount: true, responseCount: true },
      orderBy: [{ scheduledFor: "desc" }, { createdAt: "desc" }],
      take: LIMIT,
    }),
  );
  return rows.map((r) => ({
    ...r,
    scheduledFor: r.scheduledFor.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    closesAt: r.closesAt?.toISOString() ?? null,
  }));
}
