"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { withRules } from "@/components/forms/form-messages";
import { toast } from "@/components/ui/toast";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { rescheduleMeetingSchema } from "@/lib/one-on-one/meeting-schemas";
import { browserTimeZone, DURATION_CHOICES, formatDuration } from "@/components/one-on-one/format";
import { fromDateTimeLocal, toDateTimeLocal } from "@/components/one-on-one/date-time-local";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";

// The server refuses a time in the past by its own clock; the form says so as the user types, and
// an empty picker in its own words (the schema's speak of ISO 8601, the wire's format).
const rescheduleRules = withRules(rescheduleMeetingSchema, (input) => {
  const at = (input as { scheduledAt?: string }).scheduledAt;
  if (!at) return [{ path: ["scheduledAt"], message: "Choose a date and time" }];
  return new Date(at).getTime() <= Date.now()
    ? [{ path: ["scheduledAt"], message: "Choose a time in the future" }]
    : [];
});

const fieldOf = (path: string) => (path === "scheduledAt" ? "at" : path === "durationMinutes" ? "duration" : path);

/** Moves this occurrence only (the series keeps its rhythm); the employee gets an updated invitation. */
export function RescheduleDialog({ meeting, onClose }: { meeting: MeetingDetail; onClose: () => void }) {
  const zone = browserTimeZone();
  const form = useFormFields(
    rescheduleRules,
    {
      at: toDateTimeLocal(new Date(meeting.scheduledAt), zone),
      duration: String(meeting.durationMinutes),
    },
    {
      idPrefix: "reschedule-",
      // An empty or impossible date is refused as "Choose a date and time" by the schema.
      toInput: (v) => ({ scheduledAt: fromDateTimeLocal(v.at, zone) ?? "", durationMinutes: Number(v.duration) }),
      fieldOf,
    },
  );
  const durations = [...new Set([...DURATION_CHOICES, meeting.durationMinutes])].sort((a, b) => a - b);
  const mutation = useMeetingMutation(
    meeting.id,
    (body: { scheduledAt: string; durationMinutes: number }) => meetingApi.reschedule(meeting.id, body),
    () => {
      toast({ title: "Meeting Rescheduled", description: "The new time has been sent to both calendars." });
      onClose();
    },
  );

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    const sent = form.values;
    mutation.mutate(
      { scheduledAt: parsed.scheduledAt.toISOString(), durationMinutes: Number(sent.duration) },
      {
        onError: (err) =>
          form.showAnswer(failedAnswer(err, "Failed to reschedule the meeting. Please try again."), sent),
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
          <TextField form={form} name="at" label="New date and time" type="datetime-local" />
          <SelectField form={form} name="duration" label="Duration">
            {durations.map((d) => (
              <option key={d} value={d}>
                {formatDuration(d)}
              </option>
            ))}
          </SelectField>
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
              Reschedule
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
