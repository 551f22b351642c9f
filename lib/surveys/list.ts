import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { withCurrentResponseCounts } from "@/lib/surveys/participation";

/** One row of the surveys overview (dates as ISO strings, ready for a client component). */
export type SurveyListItem = {
  id: string;
  title: string;
  kind: "pulse" | "custom";
  status: "scheduled" | "active" | "closed";
  scheduledFor: string;
  sentAt: string | null;
  closesAt: string | null;
  /** Organisation-wide counts: for whole-organisation viewers (analytics.organization), null for
   * managers, who see their own teams only (docs/decisions.md (Roles and permissions); as getCurrentSurvey does). */
  invitedCount: number | null;
  responseCount: number | null;
};

const LIMIT = 50;

/** A survey as the overview and the current-round card read it (the stored counts; an open
 * survey's response count is read live, see withCurrentResponseCounts). */
export const surveySummarySelect = {
  id: true,
  title: true,
  kind: true,
  status: true,
  scheduledFor: true,
  sentAt: true,
  closesAt: true,
  invitedCount: true,
  responseCount: true,
} as const;

/** The surveys overview: pulse rounds and custom surveys, newest first (admins and managers).
 * Counts only, never who answered, and only for admins. */
export async function listSurveys(ctx: AuthContext): Promise<SurveyListItem[]> {
  requirePermission(ctx, "surveys.view");
  const rows = await withOrg(ctx.orgId, async (tx) =>
    withCurrentResponseCounts(
      tx,
      ctx.orgId,
      await tx.survey.findMany({
        where: { organizationId: ctx.orgId },
        select: surveySummarySelect,
        orderBy: [{ scheduledFor: "desc" }, { createdAt: "desc" }],
        take: LIMIT,
      }),
    ),
  );
  const seesCounts = can(ctx, "analytics.organization");
  return rows.map((r) => ({
    ...r,
    invitedCount: seesCounts ? r.invitedCount : null,
    responseCount: seesCounts ? r.responseCount : null,
    scheduledFor: r.scheduledFor.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    closesAt: r.closesAt?.toISOString() ?? null,
  }));
}
