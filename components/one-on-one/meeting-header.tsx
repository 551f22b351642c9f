"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import dynamic from "next/dynamic";
import { ArrowLeft, CalendarClock, CheckCircle2, ChevronLeft, ChevronRight, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { MeetingStatusBadge } from "@/components/one-on-one/meeting-status-badge";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { formatDuration, formatMeetingDateTime, meetingTitle, recurrenceHint } from "@/components/one-on-one/format";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { oneOnOneKeys } from "@/components/one-on-one/use-meetings";
import { problemOf } from "@/lib/api/client";
import { EARLY_COMPLETION_MS } from "@/lib/one-on-one/completion";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";
import { CancelDialog } from "@/components/one-on-one/cancel-dialog";
import { unlessReadOnly } from "@/components/forms/api-answer";

// The dialog reads and writes a datetime-local time in the viewer's zone with luxon's wall-clock
// maths (about 20 KiB gz): it loads when Reschedule is pressed, not with the page.
const RescheduleDialog = dynamic(
  () => import("@/components/one-on-one/reschedule-dialog").then((m) => m.RescheduleDialog),
  {
    loading: () => null,
  },
);

/** 'Meeting with {first} {last}', when, status, and the manager's Mark Complete / Reschedule / Cancel. */
export function MeetingHeader({ meeting }: { meeting: MeetingDetail }) {
  const [dialog, setDialog] = useState<"reschedule" | "cancel" | "complete-early" | null>(null);
  const manages = meeting.role === "manager" && meeting.status === "scheduled";
  const queryClient = useQueryClient();
  const complete = useMeetingMutation(
    meeting.id,
    (confirmEarly: boolean) =>
      meetingApi.updateNotes(meeting.id, {
        status: "completed",
        completedAt: new Date().toISOString(),
        ...(confirmEarly ? { confirmEarly } : {}),
      }),
    () => {
      setDialog(null);
      toast({ title: "Meeting Updated", description: "The meeting is marked complete." });
      // A completed meeting leaves Upcoming: the lists are read again.
      void queryClient.invalidateQueries({ queryKey: oneOnOneKeys.meetings() });
    },
  );
  function markComplete(confirmEarly: boolean) {
    complete.mutate(confirmEarly, {
      onError: (err) => {
        // The server's clock decides: it may find the meeting further away than this browser did.
        if (problemOf(err)?.code === "meeting_not_due") return setDialog("complete-early");
        setDialog(null);
        toast({
          title: "Error",
          description: unlessReadOnly(err, "Failed to save meeting notes"),
          variant: "destructive",
        });
      },
    });
  }
  const early = () => new Date(meeting.scheduledAt).getTime() - Date.now() > EARLY_COMPLETION_MS;
  const repeat = recurrenceHint(meeting.recurrence);

  return (
    <div className="mb-6 space-y-3">
      <Link href="/one-on-one" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to 1:1 Meetings
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 wrap-anywhere">
              {meetingTitle(meeting)}
            </h1>
            <MeetingStatusBadge status={meeting.status} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-600">
            <MeetingDateTime iso={meeting.scheduledAt} />
            <span aria-hidden="true">·</span>
            <span>{formatDuration(meeting.durationMinutes)}</span>
            {repeat ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{repeat}</span>
              </>
            ) : null}
            {meeting.templateName ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{meeting.templateName}</span>
              </>
            ) : null}
          </p>
        </div>
        {manages ? (
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => (early() ? setDialog("complete-early") : markComplete(false))}
              disabled={complete.isPending}
            >
              <CheckCircle2 /> {complete.isPending ? "Saving..." : "Mark Complete"}
            </Button>
            <Button variant="outline" onClick={() => setDialog("reschedule")}>
              <CalendarClock /> Reschedule
            </Button>
            <Button variant="outline" onClick={() => setDialog("cancel")}>
              <XCircle /> Cancel
            </Button>
          </div>
        ) : null}
      </div>
      {meeting.previousMeetingId || meeting.nextMeetingId ? (
        <nav aria-label="Other meetings with this person" className="flex flex-wrap gap-2">
          {meeting.previousMeetingId ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={`/one-on-one/${meeting.previousMeetingId}`}>
                <ChevronLeft /> Previous meeting
              </Link>
            </Button>
          ) : null}
          {meeting.nextMeetingId ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={`/one-on-one/${meeting.nextMeetingId}`}>
                Next meeting <ChevronRight />
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
      {dialog === "reschedule" ? <RescheduleDialog meeting={meeting} onClose={() => setDialog(null)} /> : null}
      {dialog === "cancel" ? <CancelDialog meeting={meeting} onClose={() => setDialog(null)} /> : null}
      {dialog === "complete-early" ? (
        <ConfirmDialog
          title="Mark this meeting complete now?"
          description={`This 1:1 is set for ${formatMeetingDateTime(meeting.scheduledAt)}, more than a day away. Mark it complete only if it already took place.`}
          confirmLabel="Mark Complete"
          pendingLabel="Saving..."
          cancelLabel="Not yet"
          destructive={false}
          pending={complete.isPending}
          onConfirm={() => markComplete(true)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
