"use client";

import { Plus, Trash2 } from "lucide-react";
import { PLAN_STEPS_MAX, STEP_TITLE_MAX } from "@/lib/plans/schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldMessages } from "@/components/forms/fields";
import type { FieldValues, FormFields } from "@/components/forms/use-form-fields";
import { NEW_STEP, type PersonOption, type StepValues } from "@/components/plans/plan-form-schemas";

type WithSteps = FieldValues & { steps: StepValues[] };
type Path<V extends WithSteps> = Parameters<FormFields<V>["input"]>[0];
type MessagePath<V extends WithSteps> = Parameters<FormFields<V>["messages"]>[0];

/**
 * A plan's steps, each with a title, an owner and a due day: added, removed, in order. The list
 * lives in the form's own state (useListFields), so a step's messages follow it.
 */
export function StepsEditor<V extends WithSteps>({
  form,
  owners,
  minDay,
  disabled,
  idPrefix,
}: {
  form: FormFields<V>;
  owners: PersonOption[];
  minDay: string;
  disabled: boolean;
  idPrefix: string;
}) {
  const steps = form.list("steps" as Parameters<FormFields<V>["list"]>[0]);
  const path = (s: string) => s as unknown as Path<V>;
  const addId = `${idPrefix}add-step`;

  function add() {
    form.focusAfterRender(steps.idOf(steps.append(NEW_STEP as never), "title"));
  }
  function remove(i: number) {
    const next = steps.items[i + 1] ?? steps.items[i - 1];
    steps.remove(i);
    form.focusAfterRender(next ? steps.idOf(next.key, "title") : addId);
  }
  const listMessages = form.messages("steps" as unknown as MessagePath<V>);

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-800">Steps</legend>
      <p className="text-sm text-slate-600">What will be done, by whom and by when. Steps can change later.</p>
      {steps.items.length > 0 ? (
        <ol className="space-y-3">
          {steps.items.map((s, i) => {
            const title = form.input(path(`steps.${i}.title`));
            const owner = form.input(path(`steps.${i}.ownerId`));
            const due = form.input(path(`steps.${i}.dueAt`));
            const n = i + 1;
            const messages = (f: string) => form.messages(`steps.${i}.${f}` as unknown as MessagePath<V>);
            return (
              <li key={s.key} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3" data-step-row>
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <Label htmlFor={title.id}>{`Step ${n}`}</Label>
                    <Input
                      {...title}
                      maxLength={STEP_TITLE_MAX}
                      disabled={disabled}
                      placeholder="e.g. Hold a team retro"
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => remove(i)}
                    disabled={disabled}
                    aria-label={`Remove step ${n}`}
                    className="text-red-600 hover:text-red-700"
                  >
                    <Trash2 />
                  </Button>
                </div>
                <FieldMessages id={form.messagesId(`steps.${i}.title`)} messages={messages("title")} />
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <div className="min-w-0 space-y-1.5">
                    <Label htmlFor={owner.id}>{`Step ${n} owner`}</Label>
                    <NativeSelect {...owner} disabled={disabled}>
                      <option value="">No owner</option>
                      {owners.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect>
                    <FieldMessages id={form.messagesId(`steps.${i}.ownerId`)} messages={messages("ownerId")} />
                  </div>
                  <div className="min-w-0 space-y-1.5">
                    <Label htmlFor={due.id}>{`Step ${n} due date`}</Label>
                    <Input {...due} type="date" min={minDay} disabled={disabled} />
                    <FieldMessages id={form.messagesId(`steps.${i}.dueAt`)} messages={messages("dueAt")} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <FieldMessages id={form.messagesId("steps")} messages={listMessages} />
      <Button
        id={addId}
        variant="outline"
        size="sm"
        onClick={add}
        disabled={disabled || steps.items.length >= PLAN_STEPS_MAX}
      >
        <Plus aria-hidden="true" /> Add a step
      </Button>
    </fieldset>
  );
}
