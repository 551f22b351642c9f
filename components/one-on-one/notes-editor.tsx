"use client";

import { z } from "zod";
import { Field, FormAlert, SubmitButton } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer, unlessReadOnly } from "@/components/forms/api-answer";
import { toast } from "@/components/ui/toast";
import type { MeetingDetail, MeetingNotesDto } from "@/lib/one-on-one/dto";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";
import { Textarea } from "@/components/ui/textarea";

const NOTES_MAX = 5000;
const NOTE_FIELDS = [
  ["wins", "Wins"],
  ["challenges", "Challenges"],
  ["goals", "Goals"],
  ["feedback", "Feedback"],
  ["notes", "Notes"],
] as const satisfies readonly (readonly [keyof MeetingNotesDto, string])[];

const text = (label: string) => z.string().max(NOTES_MAX, `${label} is at most 5,000 characters`);
const notesSchema = z.object(
  Object.fromEntries(NOTE_FIELDS.map(([k, l]) => [k, text(l)])) as Record<
    keyof MeetingNotesDto,
    ReturnType<typeof text>
  >,
);

/** The shared meeting notes: the manager writes and saves (PUT), the employee reads. */
export function NotesEditor({ meeting }: { meeting: MeetingDetail }) {
  const editable = meeting.role === "manager" && meeting.status !== "cancelled";
  if (!editable)
    return <NotesReadOnly notes={meeting.notes} who={meeting.role === "manager" ? null : meeting.manager.firstName} />;
  // Keyed by the meeting so another meeting's notes never linger in the form.
  return <NotesForm key={meeting.id} meeting={meeting} />;
}

function NotesForm({ meeting }: { meeting: MeetingDetail }) {
  const form = useFormFields(notesSchema, { ...meeting.notes }, { idPrefix: "notes-" });
  const mutation = useMeetingMutation(
    meeting.id,
    (body: MeetingNotesDto) => meetingApi.updateNotes(meeting.id, body),
    () => toast({ title: "Meeting Updated", description: "Your meeting notes have been saved." }),
  );

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (!parsed) return;
    const sent = form.values;
    mutation.mutate(parsed, {
      onSuccess: () => form.showAnswer({ status: "ok" }, sent),
      onError: (err) => {
        toast({
          title: "Error",
          description: unlessReadOnly(err, "Failed to save meeting notes"),
          variant: "destructive",
        });
        form.showAnswer(failedAnswer(err, "Failed to save meeting notes"), sent);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Meeting Notes">
      {NOTE_FIELDS.map(([name, label]) => {
        const input = form.input(name);
        return (
          <Field
            key={name}
            label={label}
            htmlFor={input.id}
            messages={form.messages(name)}
            messagesId={form.messagesId(name)}
          >
            <Textarea {...input} rows={name === "notes" ? 6 : 3} className="min-h-24" />
          </Field>
        );
      })}
      <FormAlert alert={form.alert} />
      <div>
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

function NotesReadOnly({ notes, who }: { notes: MeetingNotesDto; who: string | null }) {
  const any = NOTE_FIELDS.some(([k]) => notes[k].trim() !== "");
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {who
          ? `${who} writes the shared notes of this meeting; you can read them here.`
          : "This meeting was cancelled; its notes can no longer be changed."}
      </p>
      {any ? (
        <dl className="grid gap-4">
          {NOTE_FIELDS.map(([k, label]) => (
            <div key={k} className="min-w-0">
              <dt className="text-sm font-medium text-slate-800">{label}</dt>
              <dd className="mt-1 text-sm whitespace-pre-wrap text-slate-700 wrap-anywhere">
                {notes[k].trim() || <span className="text-slate-500">Nothing written</span>}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-500">
          No meeting notes yet.
        </p>
      )}
    </div>
  );
}
