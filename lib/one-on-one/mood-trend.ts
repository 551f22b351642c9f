import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { loadMeetingForUser } from "./access";
import type { MoodTrendPoint } from "./dto";

/** How many submitted prep forms the trend chart shows (docs/decisions.md (1:1 meetings)). */
const MOOD_TREND_POINTS = 12;

/**
 * The pair's mood and stress over their last 12 submitted prep forms, oldest first: the meeting
 * page's small chart, for the manager and the employee of this meeting only (anyone else: 404).
 * Forms are the pair's (this manager with this employee), not the employee's with other managers.
 */
export async function moodTrend(ctx: AuthContext, meetingId: string): Promise<MoodTrendPoint[]> {
  requirePermission(ctx, "oneOnOnes.use");
  const rows = await withOrg(
    ctx.orgId,
    async (tx) => {
      const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
      return tx.meetingPrepForm.findMany({
        where: {
          organizationId: ctx.orgId,
          managerId: meeting.managerId,
          employeeId: meeting.employeeId,
          submittedAt: { not: null },
        },
        select: { meetingId: true, mood: true, stressLevel: true, meeting: { select: { scheduledAt: true } } },
        orderBy: [{ meeting: { scheduledAt: "desc" } }, { meetingId: "desc" }],
        take: MOOD_TREND_POINTS,
      });
    },
    { userId: ctx.userId },
  );
  return rows.reverse().map((r) => ({
    meetingId: r.meetingId,
    scheduledAt: r.meeting.scheduledAt.toISOString(),
    mood: r.mood,
    stressLevel: r.stressLevel,
  }));
}
