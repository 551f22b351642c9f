"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/forms/fields";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";

type Scope = "occurrence" | "series";

/** Cancels this meeting, or (for a recurring one) the whole series from here on; calendars get a CANCEL. */
export function CancelDialog({ meeting, onClose }: { meeting: MeetingDetail; onClose: () => void }) {
  const recurring = meeting.recurrence !== "none";
  const [scope, setScope] = useState<Scope>("occurrence");
  const [error, setError] = useState<string | null>(null);
  const mutation = useMeetingMutation(
    meeting.id,
    (s: Scope) => meetingApi.cancel(meeting.id, s),
    (_, s) => {
      toast({
        title: "Meeting Cancelled",
        description: s === "series" ? "The series has been cancelled." : "The meeting has been cancelled.",
      });
      onClose();
    },
  );

  return (
    <ConfirmDialog
      title="Cancel meeting?"
      description={`${meeting.employee.firstName} is told, and the calendar invitation is withdrawn.`}
      confirmLabel="Cancel meeting"
      pendingLabel="Cancelling..."
      cancelLabel="Keep meeting"
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        mutation.mutate(recurring ? scope : "occurrence", {
          onError: (err) => setError(problemOf(err)?.message ?? "Failed to cancel the meeting. Please try again."),
        });
      }}
    >
      {recurring ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">What to cancel</legend>
          {(
            [
              ["occurrence", "This meeting only"],
              ["series", "The whole series (every upcoming meeting)"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="cancel-scope"
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FormAlert alert={error ? { tone: "error", lines: [error] } : null} />
    </ConfirmDialog>
  );
}
