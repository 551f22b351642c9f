import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { meetingCalendarMail } from "@/lib/mail/templates/meeting-calendar";
import { displayName } from "@/lib/mail/safe-name";
import { meetingInvitation } from "./calendar";
import { formatDate } from "@/lib/format";

type Person = { firstName: string; lastName: string; email: string };
type SeriesRef = {
  organizationId: string;
  id: string;
  recurrence: "none" | "weekly" | "biweekly" | "monthly";
  timeZone: string;
  startsAt: Date;
  durationMinutes: number;
  sequence: number;
};
type MeetingRef = { id: string; occurrenceStart: Date; scheduledAt: Date; durationMinutes: number };

/** A person's name for an e-mail or calendar file: shown only when it passes the name rule
 * (lib/mail/safe-name.ts), else `fallback`. */
export const mailName = (p: { firstName: string; lastName: string }, fallback: string) =>
  displayName(p.firstName, p.lastName, fallback);

/** When, in the organiser's zone, for e-mail and notification texts. */
export function whenText(at: Date, timeZone: string): string {
  return formatDate(at, "weekdayDayMonthYearTimeZone", timeZone);
}

/** The workspace's host (without port) and origin, for UIDs and links. */
export async function workspaceOf(tx: Tx, orgId: string): Promise<{ host: string; origin: string }> {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { subdomain: true } });
  const root = env().rootDomain;
  return { host: `${org.subdomain}.${root.replace(/:\d+$/, "")}`, origin: workspaceOrigin(org.subdomain, root) };
}

export type InvitationChange =
  /** The series (or one-off meeting) as a whole: first invitation, or cancelling all of it. */
  | { scope: "series"; method: "REQUEST" | "CANCEL"; meeting: MeetingRef }
  /** One occurrence: moved (REQUEST) or cancelled (CANCEL); RECURRENCE-ID for series members. */
  | { scope: "occurrence"; method: "REQUEST" | "CANCEL"; meeting: MeetingRef };

/**
 * Builds the iCalendar message for a change and queues it to the employee in the caller's
 * transaction. The UID is the series id at the workspace host for its whole life; `sequence`
 * must already be the series' new (raised) value. Returns the outbox id.
 */
export async function sendCalendarMail(
  tx: Tx,
  input: { series: SeriesRef; manager: Person; employee: Person; change: InvitationChange; now?: Date },
): Promise<string> {
  const { series, manager, employee, change } = input;
  const { host, origin } = await workspaceOf(tx, series.organizationId);
  const single = change.scope === "occurrence" && series.recurrence !== "none";
  const start =
    change.scope === "series"
      ? series.recurrence === "none"
        ? change.meeting.scheduledAt
        : series.startsAt
      : change.meeting.scheduledAt;
  const durationMinutes =
    change.scope === "series" && series.recurrence !== "none" ? series.durationMinutes : change.meeting.durationMinutes;
  const url = `${origin}/one-on-one/${change.meeting.id}`;
  // Names reach the e-mail and the calendar file only through mailName: a stored name that fails
  // the name rule reads "your manager" (or "Your manager" opening a sentence) instead.
  const withManager = mailName(manager, "your manager");
  const managerName = mailName(manager, "Your manager");
  const summary = `1:1: ${mailName(manager, "Manager")} / ${mailName(employee, "Employee")}`;
  const ics = meetingInvitation({
    method: change.method,
    uid: `${series.id}@${host}`,
    sequence: series.sequence,
    start,
    durationMinutes,
    timeZone: series.timeZone,
    recurrence: series.recurrence,
    ...(single ? { recurrenceId: change.meeting.occurrenceStart } : {}),
    summary,
    description: `Your 1:1 with ${withManager} in Pulsewell: ${url}`,
    url,
    organizer: { name: mailName(manager, manager.email), email: manager.email },
    attendee: { name: mailName(employee, employee.email), email: employee.email },
    stamp: input.now ?? new Date(),
  });
  const mail = await meetingCalendarMail({
    brand: await mailBrand(tx, series.organizationId),
    method: change.method,
    scope: change.scope,
    recurrence: series.recurrence,
    withManager,
    managerName,
    when: whenText(change.meeting.scheduledAt, series.timeZone),
    url,
  });
  return enqueueMail(tx, series.organizationId, {
    to: employee.email,
    ...mail,
    kind: change.method === "CANCEL" ? "meeting_cancelled" : "meeting_invitation",
    ref: `meeting:${change.meeting.id}`,
    attachments: [ics],
  });
}
