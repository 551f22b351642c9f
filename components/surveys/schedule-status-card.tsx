import { CalendarClock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { WEEKDAY_NAMES, type PulseScheduleDto } from "@/lib/surveys/round-schedule-schemas";
import type { CurrentSurveyDto, RoundStatusDto } from "@/lib/surveys/round-status";
import { GIVE_UP_AFTER_DAYS } from "@/lib/mail/delivery-policy";
import { RetryMailButton } from "@/components/surveys/retry-mail-button";
import { formatDate, plural, pluralWord } from "@/lib/format";

const day = (iso: string, timeZone?: string) => formatDate(iso, "dateTime", timeZone);
const STATUS_VARIANT = { scheduled: "default", active: "success", closed: "secondary" } as const;

/** 'Survey Schedule & Status': the organisation's real weekly schedule, the current round's
 * participation and, for admins, how its e-mails are doing: failures are retried for days, then
 * shown as failed, never left "being retried" for ever. */
/** `canChange`: the viewer may change the schedule (surveys.send); others are told whom to ask. */
export function pausedText(canChange: boolean): string {
  return canChange
    ? "The weekly pulse is paused. Turn it on again in Settings > Survey Schedule."
    : "The weekly pulse is paused. Ask an admin of your organisation to turn it on again.";
}

export function ScheduleStatusCard({
  schedule,
  current,
  status,
  canChange,
}: {
  schedule: PulseScheduleDto;
  current: CurrentSurveyDto | null;
  status: RoundStatusDto | null;
  canChange: boolean;
}) {
  const rate =
    current?.totalUsers && current.responses !== null
      ? Math.round((current.responses / current.totalUsers) * 100)
      : null;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden="true" className="size-5 text-brand-600" /> Survey Schedule &amp; Status
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {schedule.pulseEnabled
          ? `The weekly pulse goes out every ${WEEKDAY_NAMES[schedule.pulseWeekday]} at ${schedule.pulseTime} (${schedule.pulseTimeZone}), stays open 7 days, and non-respondents get one reminder on day 3.`
          : pausedText(canChange)}
      </p>
      {schedule.nextSendAt ? (
        <p className="mt-1 text-sm text-slate-600">{`Next round: ${day(schedule.nextSendAt, schedule.pulseTimeZone)}`}</p>
      ) : null}
      <div className="mt-4 rounded-lg border border-slate-200 p-4">
        {current ? (
          <>
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {current.title}{" "}
              <Badge variant={STATUS_VARIANT[current.status]} className="capitalize">
                {current.status}
              </Badge>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {current.sentAt ? `Sent ${day(current.sentAt, schedule.pulseTimeZone)}` : "Not sent yet"}
              {current.closesAt && current.status === "active"
                ? ` · closes ${day(current.closesAt, schedule.pulseTimeZone)}`
                : ""}
              {` · ${plural(current.questionCount, "question")}`}
            </p>
            {current.totalUsers !== null ? (
              <p className="mt-2 text-sm text-slate-800">{`${current.responses ?? 0} of ${current.totalUsers} answered${rate !== null ? ` (${rate}%)` : ""}`}</p>
            ) : null}
            {status ? (
              <p className="mt-1 text-xs text-slate-600">
                {`Invitation e-mails: ${status.mail.invitations.sent} sent, ${status.mail.invitations.pending} waiting`}
                {status.mail.retrying > 0 ? `, ${status.mail.retrying} being retried` : ""}
                {status.mail.invitations.failed > 0 ? `, ${status.mail.invitations.failed} failed` : ""}
                {status.mail.reminders.failed > 0
                  ? ` · ${plural(status.mail.reminders.failed, "reminder")} failed`
                  : ""}
                {status.reminderSentAt ? ` · reminders sent ${day(status.reminderSentAt, schedule.pulseTimeZone)}` : ""}
              </p>
            ) : null}
            {status && status.mail.failed > 0 ? (
              <div role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-900">
                <p>{`${plural(status.mail.failed, "e-mail")} could not be delivered after ${plural(GIVE_UP_AFTER_DAYS, "day")} of attempts and ${pluralWord(status.mail.failed, "is", "are")} no longer retried.`}</p>
                <RetryMailButton surveyId={current.id} />
              </div>
            ) : null}
            {status && status.mail.lastErrors.length > 0 ? (
              <p role="status" className="mt-2 rounded-md bg-amber-50 p-2 text-xs text-amber-900">
                {`${status.mail.retrying > 0 ? "Delivery problems (retried automatically)" : "Delivery problems"}: ${status.mail.lastErrors.join("; ")}`}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            No survey has been sent yet. The first weekly pulse goes out on schedule, or send one now.
          </p>
        )}
      </div>
    </Card>
  );
}
