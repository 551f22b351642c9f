import "server-only";
import { db } from "@/lib/db/client";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { meetingReminderMail } from "@/lib/mail/templates/meeting-reminder";
import { notify } from "@/lib/notifications/service";
import { isReadOnly } from "@/lib/billing/access";
import { log } from "@/lib/log/logger";
import { extendSeries, MATERIALIZE_HORIZON_MS } from "./series";
import { mailName, whenText, workspaceOf } from "./invitations";
import { firstNameOr, safeName } from "@/lib/mail/safe-name";

/** "Ana's", or "their" when the stored first name fails the name rule. */
const possessive = (first: string) => {
  const name = safeName(first);
  return name ? `${name}'s` : "their";
};

/** Reminders go out this long before a meeting. */
const REMINDER_LEAD_MS = 24 * 3_600_000;

type WorkRow = { kind: "reminder" | "extend"; organizationId: string; id: string; managerId: string };
export type MeetingWorkResult = { reminded: number; extended: number; errors: number };

/**
 * Sends one meeting's reminder to both people, exactly once: the reminder is claimed with a
 * conditional update in the transaction that writes the notifications and e-mails, so of two
 * workers at once one claims (count 1) and the other finds it taken (count 0) and sends nothing.
 */
export async function sendMeetingReminder(
  orgId: string,
  meetingId: string,
  managerId: string,
  now: Date,
): Promise<boolean> {
  return withOrg(
    orgId,
    async (tx) => {
      // A read-only workspace (subscription ended) sends no reminders: the reminder is settled
      // unsent (claimed with nothing written), so it neither comes back every minute nor goes out
      // late if the workspace subscribes again before the meeting.
      const readOnly = await isReadOnly(tx, orgId);
      const claimed = await tx.meeting.updateMany({
        where: {
          organizationId: orgId,
          id: meetingId,
          reminderSentAt: null,
          status: "scheduled",
          scheduledAt: { gt: now },
        },
        data: { reminderSentAt: now },
      });
      if (claimed.count === 0 || readOnly) return false;
      const m = await tx.meeting.findUniqueOrThrow({
        where: orgKey(orgId, meetingId),
        select: {
          id: true,
          scheduledAt: true,
          managerId: true,
          employeeId: true,
          series: { select: { timeZone: true } },
        },
      });
      const people = await tx.user.findMany({
        where: { organizationId: orgId, id: { in: [m.managerId, m.employeeId] } },
        select: { id: true, firstName: true, lastName: true, email: true },
      });
      const manager = people.find((p) => p.id === m.managerId);
      const employee = people.find((p) => p.id === m.employeeId);
      if (!manager || !employee) return true;
      const when = whenText(m.scheduledAt, m.series.timeZone);
      const { origin } = await workspaceOf(tx, orgId);
      const prepUrl = `/one-on-one-prep?meetingId=${m.id}`;
      const meetingUrl = `/one-on-one/${m.id}`;
      await notify(tx, orgId, {
        userId: employee.id,
        type: "meeting_reminder",
        title: "1:1 tomorrow: time to prepare",
        message: `Your 1:1 with ${mailName(manager, "your manager")} is on ${when}. Take a few minutes to fill in your prep form.`,
        actionUrl: prepUrl,
        actionText: "Prepare",
      });
      await notify(tx, orgId, {
        userId: manager.id,
        type: "meeting_reminder",
        title: "1:1 tomorrow",
        message: `Your 1:1 with ${mailName(employee, "your report")} is on ${when}.`,
        actionUrl: meetingUrl,
        actionText: "Open meeting",
      });
      const brand = await mailBrand(tx, orgId);
      await enqueueMail(tx, orgId, {
        to: employee.email,
        ...(await meetingReminderMail({
          brand,
          to: "employee",
          when,
          url: `${origin}${prepUrl}`,
          withManager: mailName(manager, "your manager"),
          managerFirstName: firstNameOr(manager.firstName, "your manager"),
        })),
        kind: "meeting_reminder",
        ref: `meeting:${m.id}`,
      });
      await enqueueMail(tx, orgId, {
        to: manager.email,
        ...(await meetingReminderMail({
          brand,
          to: "manager",
          when,
          url: `${origin}${meetingUrl}`,
          withReport: mailName(employee, "your report"),
          reportPossessive: possessive(employee.firstName),
        })),
        kind: "meeting_reminder",
        ref: `meeting:${m.id}`,
      });
      return true;
    },
    { userId: managerId },
  );
}

/**
 * The 1:1 job's minute: reminders for meetings starting within 24 hours, and recurring series
 * topped up to the materialisation horizon. Each item runs in its own transaction as the pair's
 * manager (row-level security), so one failure does not stop the others.
 */
export async function runMeetingWork(now = new Date()): Promise<MeetingWorkResult> {
  const result: MeetingWorkResult = { reminded: 0, extended: 0, errors: 0 };
  // Organisations found read-only in this run: their series are not extended (that adds
  // meetings), and their other series are passed over without a transaction each. They come back
  // next minute, one check per organisation, and extend once it subscribes again.
  const readOnlyOrgs = new Set<string>();
  const rows = await db().$queryRaw<WorkRow[]>`
    SELECT "kind", "organizationId", "id", "managerId"
    FROM app_meeting_work_due(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${`${REMINDER_LEAD_MS / 1000} seconds`}::interval,
                              ${`${MATERIALIZE_HORIZON_MS / 1000} seconds`}::interval)`;
  for (const row of rows) {
    try {
      if (row.kind === "reminder") {
        if (await sendMeetingReminder(row.organizationId, row.id, row.managerId, now)) result.reminded++;
      } else if (!readOnlyOrgs.has(row.organizationId)) {
        result.extended += await withOrg(
          row.organizationId,
          async (tx) => {
            if (await isReadOnly(tx, row.organizationId)) {
              readOnlyOrgs.add(row.organizationId);
              return 0;
            }
            return extendSeries(tx, row.organizationId, row.id, now);
          },
          { userId: row.managerId },
        );
      }
    } catch (err) {
      result.errors++;
      log.error("meetings.work_failed", { orgId: row.organizationId, kind: row.kind, id: row.id, err });
    }
  }
  if (result.reminded + result.extended + result.errors > 0) log.info("meetings.work", { ...result });
  return result;
}
