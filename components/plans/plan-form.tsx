"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import { PLAN_TITLE_MAX, planInputSchema } from "@/lib/plans/schemas";
import type { CreatedPlanDto } from "@/lib/plans/dto";
import { BackLink } from "@/components/layout/back-link";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { useListFields } from "@/components/forms/use-list-fields";
import { StepsEditor } from "@/components/plans/steps-editor";
import { VISIBILITY_LABELS, score } from "@/components/plans/plan-format";
import {
  ORGANISATION,
  planInputOf,
  stepOwnerOptions,
  type PlanPeople,
  type PlanValues,
} from "@/components/plans/plan-form-schemas";

/** The team's manager owns its plans unless someone else is chosen; the whole organisation's (and
 * a team without a manager) the person planning. */
function defaultOwner(people: PlanPeople, teamId: string, me: string): string {
  const manager = people.teams.find((t) => t.id === teamId)?.managerId;
  return manager && people.planners.some((p) => p.id === manager) ? manager : me;
}

/**
 * 'Plan an action': title, dimension, team (or the whole organisation, for admins), owner, due
 * day, who sees it, and its steps. Saved as a draft with the baseline of that moment; the plan's
 * page then shows the baseline and offers Publish.
 */
export function PlanForm({
  people,
  userId,
  initial,
  today,
}: {
  people: PlanPeople;
  userId: string;
  /** Prefilled from the focus area that led here (?teamId=&dimension=). */
  initial: { teamId: string; dimension: string; dueAt: string };
  today: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const start: PlanValues = {
    title: "",
    dimension: initial.dimension,
    teamId: initial.teamId,
    ownerId: initial.teamId ? defaultOwner(people, initial.teamId, userId) : "",
    dueAt: initial.dueAt,
    visibility: "team",
    steps: [],
  };
  const form = useListFields(planInputSchema, start, { idPrefix: "plan-", toInput: planInputOf });
  const { values } = form;

  const create = useMutation({
    mutationFn: (sent: PlanValues) =>
      apiFetch<CreatedPlanDto>("/api/action-plans", { method: "POST", body: planInputOf(sent) }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allFocusAreas() });
      toast({
        title: "Plan saved as a draft",
        description: created.baseline
          ? `Baseline: ${score(created.baseline.score)} from ${created.baseline.n} answers. Publish it when it is ready.`
          : "Publish it when it is ready.",
      });
      router.push(`/commitments/${created.id}`);
    },
    onError: (err, sent) => form.showAnswer(failedAnswer(err, "Failed to save the plan. Please try again."), sent),
  });
  const pending = create.isPending || create.isSuccess;

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || form.check(e.currentTarget) === null) return;
    create.mutate(form.values);
  }

  function chooseTeam(teamId: string) {
    form.update((v) => ({
      ...v,
      teamId,
      ownerId: teamId && teamId !== ORGANISATION ? defaultOwner(people, teamId, userId) : v.ownerId || userId,
      visibility: teamId === ORGANISATION ? "organization" : v.visibility,
    }));
  }

  const scopeTeam = values.teamId === ORGANISATION ? null : values.teamId || null;
  const owners = stepOwnerOptions(people, scopeTeam);

  return (
    <>
      <BackLink href="/commitments">Back to Commitments</BackLink>
      <PageHeader
        title="Plan an action"
        subtitle="One concrete action on one dimension, with an owner and a date. The score of that moment is kept as the baseline, and check-backs after publishing measure whether it worked."
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <form onSubmit={submit} noValidate className="grid gap-5">
            <TextField
              form={form}
              name="title"
              label="Title"
              maxLength={PLAN_TITLE_MAX}
              autoComplete="off"
              disabled={pending}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField form={form} name="dimension" label="Dimension" disabled={pending}>
                <option value="">Choose a dimension</option>
                {DIMENSIONS.map((d) => (
                  <option key={d.key} value={d.key}>
                    {d.label}
                  </option>
                ))}
              </SelectField>
              <SelectField form={form} name="teamId" label="Team" disabled={pending} onValue={chooseTeam}>
                <option value="">Choose a team</option>
                {people.canPlanOrganisation ? <option value={ORGANISATION}>Whole organisation</option> : null}
                {people.teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectField>
              <SelectField form={form} name="ownerId" label="Owner" disabled={pending}>
                <option value="">The team&apos;s manager</option>
                {people.planners.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
              <TextField form={form} name="dueAt" label="Due date" type="date" min={today} disabled={pending} />
            </div>
            <SelectField form={form} name="visibility" label="Who can see it once published" disabled={pending}>
              {/* A plan of the whole organisation asks everyone in its check-backs: it is everyone's to see. */}
              <option value="team" disabled={values.teamId === ORGANISATION}>
                {VISIBILITY_LABELS.team}
              </option>
              <option value="organization">{VISIBILITY_LABELS.organization}</option>
            </SelectField>
            <StepsEditor form={form} owners={owners} minDay={today} disabled={pending} idPrefix="plan-" />
            <FormAlert alert={form.alert} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button asChild variant="outline">
                <Link href="/commitments">Cancel</Link>
              </Button>
              <SubmitButton pending={pending} pendingLabel="Saving...">
                Save draft
              </SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
