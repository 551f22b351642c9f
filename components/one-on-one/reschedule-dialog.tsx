"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldMessages, FormAlert } from "@/components/forms/fields";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import {
  browserTimeZone,
  DURATION_CHOICES,
  formatDuration,
  fromDateTimeLocal,
  toDateTimeLocal,
} from "@/components/one-on-one/format";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";

/** Moves this occurrence only (the series keeps its rhythm); the employee gets an updated invitation. */
export function RescheduleDialog({ meeting, onClose }: { meeting: MeetingDetail; onClose: () => void }) {
  const zone = browserTimeZone();
  const [at, setAt] = useState(() => toDateTimeLocal(new Date(meeting.scheduledAt), zone));
  const [duration, setDuration] = useState(String(meeting.durationMinutes));
  const [errors, setErrors] = useState<{ at?: string[]; duration?: string[]; form?: string }>({});
  const durations = [...new Set([...DURATION_CHOICES, meeting.durationMinutes])].sort((a, b) => a - b);
  const mutation = useMeetingMutation(
    meeting.id,
    (body: { scheduledAt: string; durationMinutes: number }) => meetingApi.reschedule(meeting.id, body),
    () => {
      toast({ title: "Meeting Rescheduled", description: "The new time has been sent to both calendars." });
      onClose();
    },
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const iso = fromDateTimeLocal(at, zone);
    if (!iso) return setErrors({ at: ["Choose a date and time"] });
    if (new Date(iso).getTime() <= Date.now()) return setErrors({ at: ["Choose a time in the future"] });
    setErrors({});
    mutation.mutate(
      { scheduledAt: iso, durationMinutes: Number(duration) },
      {
        onError: (err) => {
          const p = problemOf(err);
          setErrors({
            at: p?.fields.scheduledAt,
            duration: p?.fields.durationMinutes,
            form: p?.message ?? "Failed to reschedule the meeting. Please try again.",
          });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reschedule meeting</DialogTitle>
          <DialogDescription>{`Only this meeting moves; the rest of the series keeps its time. Times are in your time zone (${zone}).`}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="space-y-1.5">
            <Label htmlFor="reschedule-at">New date and time</Label>
            <Input
              id="reschedule-at"
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              aria-invalid={errors.at?.length ? true : undefined}
              aria-describedby={errors.at?.length ? "reschedule-at-messages" : undefined}
            />
            <FieldMessages id="reschedule-at-messages" messages={errors.at} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="reschedule-duration">Duration</Label>
            <NativeSelect id="reschedule-duration" value={duration} onChange={(e) => setDuration(e.target.value)}>
              {durations.map((d) => (
                <option key={d} value={d}>
                  {formatDuration(d)}
                </option>
              ))}
            </NativeSelect>
            <FieldMessages id="reschedule-duration-messages" messages={errors.duration} />
          </div>
          <FormAlert alert={errors.form ? { tone: "error", lines: [errors.form] } : null} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? "Saving..." : "Reschedule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
