import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { forbidden, notFound } from "@/lib/errors/domain-error";
import { orgKey, isUuid, withOrg, type Tx } from "@/lib/db/tenant";
import type { MeetingRole } from "./dto";

/** The meeting row and its series as the 1:1 domain functions need them. */
async function findMeeting(tx: Tx, orgId: string, meetingId: string) {
  return tx.meeting.findUnique({
    where: orgKey(orgId, meetingId),
    include: { series: true },
  });
}

export type LoadedMeeting = NonNullable<Awaited<ReturnType<typeof findMeeting>>>;
export type MeetingForUser = { meeting: LoadedMeeting; role: MeetingRole };

/**
 * The meeting with its series and the caller's side of it, or notFound("Meeting") when the id is
 * malformed, unknown, another organisation's, or a meeting the caller is not part of (admins
 * included: a 1:1 is visible to its pair only). Call inside
 * withOrg(ctx.orgId, fn, { userId: ctx.userId }) — row-level security also hides other pairs.
 */
export async function loadMeetingForUser(tx: Tx, ctx: AuthContext, meetingId: string): Promise<MeetingForUser> {
  if (!isUuid(meetingId)) throw notFound("Meeting");
  const meeting = await findMeeting(tx, ctx.orgId, meetingId.toLowerCase());
  if (!meeting) throw notFound("Meeting");
  if (meeting.managerId === ctx.userId) return { meeting, role: "manager" };
  if (meeting.employeeId === ctx.userId) return { meeting, role: "employee" };
  throw notFound("Meeting");
}

/** The one refusal of a change that is the meeting's manager's alone, whatever the change. */
export const managerOnly = () => forbidden("meeting_manager_only", "Only the manager of this 1:1 can do this");

/** A unit of work for the caller as a participant: the organisation scope plus app.user_id, which
 * the 1:1 tables' pair policy reads (without it they read as empty). */
export function inPair<T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withOrg(ctx.orgId, fn, { userId: ctx.userId });
}
