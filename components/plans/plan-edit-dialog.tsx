"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { PLAN_TITLE_MAX, planPatchSchema } from "@/lib/plans/schemas";
import type { PlanDetailDto } from "@/lib/plans/dto";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { useListFields } from "@/components/forms/use-list-fields";
import { StepsEditor } from "@/components/plans/steps-editor";
import {
  editValuesOf,
  planPatchOf,
  stepOwnerOptions,
  type PlanEditValues,
  type PlanPeople,
} from "@/components/plans/plan-form-schemas";

const today = () => new Date().toISOString().slice(0, 10);

/** Edit a plan's title, due day and steps (kept steps keep their done marks). Mounted fresh each
 * time it opens. */
export function PlanEditDialog({
  plan,
  people,
  onSaved,
  onClose,
}: {
  plan: PlanDetailDto;
  people: PlanPeople;
  onSaved: () => void;
  onClose: () => void;
}) {
  const form = useListFields(planPatchSchema, editValuesOf(plan), { idPrefix: "plan-edit-", toInput: planPatchOf });
  const save = useMutation({
    mutationFn: (sent: PlanEditValues) =>
      apiFetch(`/api/action-plans/${plan.id}`, { method: "PATCH", body: planPatchOf(sent) }),
    onSuccess: () => {
      toast({ title: "Plan updated" });
      onSaved();
    },
    onError: (err, sent) => form.showAnswer(failedAnswer(err, "Failed to update the plan. Please try again."), sent),
  });
  const owners = stepOwnerOptions(people, plan.team?.id ?? null);
  // Owners the lists no longer name (someone moved team) stay choosable for their own steps.
  for (const s of plan.steps) if (s.owner && !owners.some((o) => o.id === s.owner!.id)) owners.push(s.owner);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending || form.check(e.currentTarget) === null) return;
    save.mutate(form.values);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !save.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit plan</DialogTitle>
          <DialogDescription>
            Steps already ticked stay done. The dimension and the team stay as planned.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField form={form} name="title" label="Title" maxLength={PLAN_TITLE_MAX} autoComplete="off" />
          <TextField form={form} name="dueAt" label="Due date" type="date" />
          <StepsEditor form={form} owners={owners} minDay={today()} disabled={save.isPending} idPrefix="plan-edit-" />
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={save.isPending} pendingLabel="Saving...">
              Save changes
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
