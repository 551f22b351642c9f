"use client";

import { useState } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { talkingPointInputSchema } from "@/lib/one-on-one/notes-schemas";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import type { AgendaItemDto, MeetingDetail } from "@/lib/one-on-one/dto";
import { meetingApi, useMeetingMutation } from "@/components/one-on-one/use-meeting";

const failed = (what: string) => (err: unknown) =>
  toast({
    title: "Error",
    description: problemOf(err)?.message ?? `Failed to ${what}. Please try again.`,
    variant: "destructive",
  });

/** The template's questions and the pair's talking points, in the order they agreed, ticked off
 * during the meeting. Reordering is by buttons (keyboard and screen reader friendly, unlike drag). */
export function AgendaList({ meeting, userId }: { meeting: MeetingDetail; userId: string }) {
  const open = meeting.status === "scheduled";
  const items = [...meeting.agenda].sort((a, b) => a.position - b.position);
  const [announce, setAnnounce] = useState("");
  const toggle = useMeetingMutation(meeting.id, (v: { item: AgendaItemDto; done: boolean }) =>
    meetingApi.patchAgenda(meeting.id, v.item.id, { done: v.done }),
  );
  // The tick shows at once; dropped once the meeting is reloaded or the change failed.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const untick = (id: string) => setTicked(({ [id]: _, ...rest }) => rest);
  const remove = useMeetingMutation(meeting.id, (item: AgendaItemDto) => meetingApi.deleteAgenda(meeting.id, item.id));
  const order = useMeetingMutation(meeting.id, (ids: string[]) => meetingApi.orderAgenda(meeting.id, ids));

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (target < 0 || target >= items.length) return;
    const ids = items.map((i) => i.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    const moved = items[index]!;
    order.mutate(ids, {
      onSuccess: () => {
        setAnnounce(`"${moved.text}" moved to position ${target + 1} of ${items.length}`);
        // Keep focus on the same button of the moved row, so pressing again keeps moving it.
        requestAnimationFrame(() => document.getElementById(`agenda-${by < 0 ? "up" : "down"}-${moved.id}`)?.focus());
      },
      onError: failed("reorder the agenda"),
    });
  }

  return (
    <section aria-labelledby="agenda-title" className="space-y-3">
      <h2 id="agenda-title" className="text-lg font-semibold text-slate-900">
        Agenda
      </h2>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No agenda yet. Add a talking point you want to cover.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((item, i) => {
            const box = `agenda-done-${item.id}`;
            return (
              <li key={item.id} className="flex items-start gap-3 p-3">
                <span
                  aria-hidden="true"
                  className="mt-0.5 w-6 shrink-0 text-right text-sm font-semibold text-slate-500"
                >{`${i + 1}.`}</span>
                <input
                  id={box}
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={ticked[item.id] ?? item.done}
                  disabled={!open}
                  onChange={(e) => {
                    const done = e.target.checked;
                    setTicked((t) => ({ ...t, [item.id]: done }));
                    toggle.mutate(
                      { item, done },
                      { onError: failed("update the agenda"), onSettled: () => untick(item.id) },
                    );
                  }}
                />
                <div className="min-w-0 flex-1">
                  <label
                    htmlFor={box}
                    className={`block text-sm wrap-anywhere ${(ticked[item.id] ?? item.done) ? "text-slate-500 line-through" : "text-slate-900"}`}
                  >
                    <span className="sr-only">{`${i + 1}. `}</span>
                    {item.text}
                  </label>
                  <p className="text-xs text-slate-500">
                    {item.kind === "question"
                      ? "Template question"
                      : item.authorId === userId
                        ? "Your talking point"
                        : "Talking point"}
                  </p>
                </div>
                {open ? (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      id={`agenda-up-${item.id}`}
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move up: ${item.text}`}
                      disabled={i === 0 || order.isPending}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp />
                    </Button>
                    <Button
                      id={`agenda-down-${item.id}`}
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move down: ${item.text}`}
                      disabled={i === items.length - 1 || order.isPending}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown />
                    </Button>
                    {item.kind === "talking_point" && item.authorId === userId ? (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete talking point: ${item.text}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(item, { onError: failed("delete the talking point") })}
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {open ? <AddTalkingPoint meetingId={meeting.id} /> : null}
    </section>
  );
}

function AddTalkingPoint({ meetingId }: { meetingId: string }) {
  // The field stays quiet until typed in: leaving it empty on the way elsewhere is no mistake.
  const form = useFormFields(
    talkingPointInputSchema,
    { text: "" },
    { idPrefix: "talking-point-", quietUntilEdited: ["text"] },
  );
  const add = useMeetingMutation(
    meetingId,
    (t: string) => meetingApi.addAgenda(meetingId, t),
    () => form.reset(),
  );

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (add.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    const sent = form.values;
    add.mutate(parsed.text, {
      onError: (err) => form.showAnswer(failedAnswer(err, "Failed to add the talking point. Please try again."), sent),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField form={form} name="text" label="Talking point" className="flex-1" />
        <SubmitButton pending={add.isPending} pendingLabel="Adding..." className="sm:mb-auto sm:mt-6">
          <Plus /> Add talking point
        </SubmitButton>
      </div>
      <FormAlert alert={form.alert} />
    </form>
  );
}
