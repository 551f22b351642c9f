"use client";

import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { actionItemInputSchema } from "@/lib/one-on-one/notes-schemas";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import type { ActionItemDto, MeetingDetail } from "@/lib/one-on-one/dto";
import { formatMeetingDate, fullName } from "@/components/one-on-one/format";
import { formatDay } from "@/lib/format";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";

const TEXT_MAX = 500;
const due = (d: string) => formatDay(d, "date");
const failed = (what: string) => (err: unknown) =>
  toast({
    title: "Error",
    description: problemOf(err)?.message ?? `Failed to ${what}. Please try again.`,
    variant: "destructive",
  });

/** What was agreed, with an owner from the pair and an optional due date; open items of earlier
 * meetings carry over here and say where they came from. */
export function ActionItems({ meeting }: { meeting: MeetingDetail }) {
  const open = meeting.status !== "cancelled";
  const owners = [meeting.manager, meeting.employee];
  const ownerName = (id: string) => {
    const p = owners.find((o) => o.id === id);
    return p ? fullName(p) : "Someone else";
  };
  const toggle = useMeetingMutation(meeting.id, (v: { item: ActionItemDto; completed: boolean }) =>
    meetingApi.patchAction(meeting.id, v.item.id, { completed: v.completed }),
  );
  // The tick shows at once; it is dropped (the server's state shows again) once the meeting is reloaded or the change failed.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const untick = (id: string) => setTicked(({ [id]: _, ...rest }) => rest);
  const remove = useMeetingMutation(
    meeting.id,
    (item: ActionItemDto) => meetingApi.deleteAction(meeting.id, item.id),
    () => toast({ title: "Action item deleted" }),
  );

  return (
    <section aria-labelledby="action-items-title" className="space-y-3">
      <h2 id="action-items-title" className="text-lg font-semibold text-slate-900">
        Action items
      </h2>
      {meeting.actionItems.length === 0 ? (
        <p className="text-sm text-slate-500">No action items yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {meeting.actionItems.map((item) => {
            const box = `action-${item.id}`;
            return (
              <li key={item.id} className="flex items-start gap-3 p-3">
                <input
                  id={box}
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={ticked[item.id] ?? item.completed}
                  disabled={!open}
                  onChange={(e) => {
                    const completed = e.target.checked;
                    setTicked((t) => ({ ...t, [item.id]: completed }));
                    toggle.mutate(
                      { item, completed },
                      { onError: failed("update the action item"), onSettled: () => untick(item.id) },
                    );
                  }}
                />
                <div className="min-w-0 flex-1">
                  <label
                    htmlFor={box}
                    className={`block text-sm wrap-anywhere ${(ticked[item.id] ?? item.completed) ? "text-slate-500 line-through" : "text-slate-900"}`}
                  >
                    {item.text}
                  </label>
                  <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500">
                    <span>{`Owner: ${ownerName(item.ownerId)}`}</span>
                    {item.dueDate ? <span>{`Due ${due(item.dueDate)}`}</span> : null}
                    {item.carriedOver ? (
                      <span className="text-amber-700">{`From the meeting on ${formatMeetingDate(item.originScheduledAt)}`}</span>
                    ) : null}
                  </p>
                </div>
                {open ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete action item: ${item.text}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(item, { onError: failed("delete the action item") })}
                  >
                    <Trash2 />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {open ? <AddActionItem meeting={meeting} /> : null}
    </section>
  );
}

type NewItem = { text: string; ownerId: string; dueDate: string };
/** The request the values make: no date is no due date. */
const itemOf = (v: NewItem) => ({ text: v.text, ownerId: v.ownerId, ...(v.dueDate ? { dueDate: v.dueDate } : {}) });

function AddActionItem({ meeting }: { meeting: MeetingDetail }) {
  // The text stays quiet until typed in: leaving it empty on the way elsewhere is no mistake.
  const form = useFormFields(
    actionItemInputSchema,
    { text: "", ownerId: meeting.employee.id, dueDate: "" } satisfies NewItem,
    { idPrefix: "action-", quietUntilEdited: ["text"], toInput: itemOf },
  );
  const add = useMeetingMutation(
    meeting.id,
    (body: { text: string; ownerId: string; dueDate?: string }) => meetingApi.addAction(meeting.id, body),
    // The owner chosen stays for the next item.
    () => form.reset({ ...form.values, text: "", dueDate: "" }),
  );

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (add.isPending || form.check(e.currentTarget) === null) return;
    const sent = form.values;
    add.mutate(itemOf(sent), {
      onError: (err) => form.showAnswer(failedAnswer(err, "Failed to add the action item. Please try again."), sent),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <TextField form={form} name="text" label="New action item" maxLength={TEXT_MAX + 100} className="sm:col-span-3" />
      <SelectField form={form} name="ownerId" label="Owner">
        <option value={meeting.employee.id}>{fullName(meeting.employee)}</option>
        <option value={meeting.manager.id}>{fullName(meeting.manager)}</option>
      </SelectField>
      <TextField form={form} name="dueDate" label="Due date (optional)" type="date" />
      <SubmitButton pending={add.isPending} pendingLabel="Adding...">
        <Plus /> Add action item
      </SubmitButton>
      <FormAlert alert={form.alert} className="sm:col-span-3" />
    </form>
  );
}
