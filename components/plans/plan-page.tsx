"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Pencil, Send, XCircle } from "lucide-react";
import { apiFetch, problemOf } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { formatDate, plural } from "@/lib/format";
import type { PlanDetailDto, PlanStatus, PublishedPlanDto } from "@/lib/plans/dto";
import { BackLink } from "@/components/layout/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { unlessReadOnly } from "@/components/forms/api-answer";
import { PlanStatusBadge } from "@/components/plans/plan-status-badge";
import { PlanProgress } from "@/components/plans/plan-progress";
import { CheckBacks } from "@/components/plans/check-backs";
import { PlanEditDialog } from "@/components/plans/plan-edit-dialog";
import { VISIBILITY_LABELS, checkBackDay, dueDay, score, scopeName } from "@/components/plans/plan-format";
import type { PlanPeople } from "@/components/plans/plan-form-schemas";

type Confirm = "publish" | "done" | "dropped" | null;

/** The problem's own words when it sent some (a plan changed meanwhile), else `fallback`. */
const failure = (err: unknown, fallback: string) => problemOf(err)?.message ?? unlessReadOnly(err, fallback);

function Steps({ plan, onChanged }: { plan: PlanDetailDto; onChanged: () => void }) {
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const open = plan.status === "draft" || plan.status === "published";
  const mark = useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      apiFetch(`/api/action-plans/${plan.id}/steps/${id}`, { method: "PATCH", body: { done } }),
    onSuccess: onChanged,
    onError: (err) =>
      toast({ title: failure(err, "Failed to update the step. Please try again."), variant: "destructive" }),
    onSettled: (_d, _e, { id }) => setTicked(({ [id]: _, ...rest }) => rest),
  });
  if (plan.steps.length === 0) return <p className="text-sm text-slate-600">No steps yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {plan.steps.map((s) => {
        const box = `step-${s.id}`;
        const done = ticked[s.id] ?? s.done;
        return (
          <li key={s.id} className="flex items-start gap-3 p-3" data-step={s.id}>
            <input
              id={box}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              checked={done}
              disabled={!open || !s.canMark || mark.isPending}
              onChange={(e) => {
                const next = e.target.checked;
                setTicked((t) => ({ ...t, [s.id]: next }));
                mark.mutate({ id: s.id, done: next });
              }}
            />
            <div className="min-w-0 flex-1">
              <label
                htmlFor={box}
                className={`block text-sm wrap-anywhere ${done ? "text-slate-500 line-through" : "text-slate-900"}`}
              >
                {s.title}
              </label>
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span>{`Owner: ${s.owner?.name ?? "nobody yet"}`}</span>
                {s.dueAt ? <span>{`Due ${dueDay(s.dueAt)}`}</span> : null}
                {s.doneAt ? <span>{`Done ${formatDate(s.doneAt, "date", "UTC")}`}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Baseline({ plan }: { plan: PlanDetailDto }) {
  if (plan.baseline) {
    return (
      <p className="text-sm text-slate-800" data-testid="plan-baseline">
        <span className="text-2xl font-semibold text-slate-900 tabular-nums">{score(plan.baseline.score)}</span>
        <span className="text-slate-600">/10</span>
        {` ${plan.dimensionLabel}, from ${plural(plan.baseline.n, "answer")} in the latest closed round before the plan (captured ${formatDate(plan.baselineAt ?? plan.createdAt, "date", "UTC")}).`}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600" data-testid="plan-baseline">
      No baseline: no closed round had measured this dimension with enough answers to show for this scope. The
      check-backs still ask the team whether the action happened.
    </p>
  );
}

/**
 * One plan: what, who, by when and for whom; its baseline; its steps with done marks for those who
 * may tick them; Publish, Edit, Mark done and Drop for those who manage it; and, once published,
 * its check-backs with what each measured.
 */
export function PlanPage({ plan, people }: { plan: PlanDetailDto; people: PlanPeople | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.allFocusAreas() });
    router.refresh();
  };

  const publish = useMutation({
    mutationFn: () => apiFetch<PublishedPlanDto>(`/api/action-plans/${plan.id}/publish`, { method: "POST" }),
    onSuccess: (res) => {
      toast({
        title: "Plan published",
        description: `The team has been told. Check-backs: ${res.checkBacks.map((c) => checkBackDay(c.dueAt)).join(", ")}.`,
      });
      refresh();
    },
    onError: (err) =>
      toast({ title: failure(err, "Failed to publish the plan. Please try again."), variant: "destructive" }),
    onSettled: () => setConfirm(null),
  });
  const close = useMutation({
    mutationFn: (status: Exclude<PlanStatus, "draft" | "published">) =>
      apiFetch(`/api/action-plans/${plan.id}`, { method: "PATCH", body: { status } }),
    onSuccess: (_d, status) => {
      toast({ title: status === "done" ? "Plan marked as done" : "Plan dropped" });
      refresh();
    },
    onError: (err) =>
      toast({ title: failure(err, "Failed to update the plan. Please try again."), variant: "destructive" }),
    onSettled: () => setConfirm(null),
  });

  const open = plan.status === "draft" || plan.status === "published";
  const manage = plan.canManage && open;
  const shownCheckBacks = plan.status !== "draft" && plan.checkBacks.length > 0;

  return (
    <>
      <BackLink href="/commitments">Back to Commitments</BackLink>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 wrap-anywhere">{plan.title}</h1>
            <PlanStatusBadge status={plan.status} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Dimension</dt>
            <dd className="text-slate-900">{plan.dimensionLabel}</dd>
            <dt className="text-slate-600">Team</dt>
            <dd className="text-slate-900">{scopeName(plan.team)}</dd>
            <dt className="text-slate-600">Owner</dt>
            <dd className="text-slate-900">{plan.owner.name}</dd>
            <dt className="text-slate-600">Due</dt>
            <dd className="text-slate-900">{dueDay(plan.dueAt)}</dd>
            <dt className="text-slate-600">Seen by</dt>
            <dd className="text-slate-900">{VISIBILITY_LABELS[plan.visibility]}</dd>
          </dl>
        </div>
        {manage ? (
          <div className="flex flex-wrap gap-2">
            {plan.status === "draft" ? (
              <Button onClick={() => setConfirm("publish")}>
                <Send aria-hidden="true" /> Publish
              </Button>
            ) : null}
            {people ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
            ) : null}
            {plan.status === "published" ? (
              <Button variant="outline" onClick={() => setConfirm("done")}>
                <CheckCircle2 aria-hidden="true" /> Mark done
              </Button>
            ) : null}
            <Button variant="outline" className="text-red-700" onClick={() => setConfirm("dropped")}>
              <XCircle aria-hidden="true" /> Drop
            </Button>
          </div>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Steps</CardTitle>
              <PlanProgress done={plan.progress.done} total={plan.progress.total} />
            </CardHeader>
            <CardContent>
              <Steps plan={plan} onChanged={refresh} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Check-backs</CardTitle>
              <p className="text-sm text-slate-600">
                30, 60 and 90 days after publishing, the team is asked about this dimension and whether the action
                happened, anonymously. Results show only for groups large enough to keep answers anonymous.
              </p>
            </CardHeader>
            <CardContent>
              {shownCheckBacks ? (
                <CheckBacks checkBacks={plan.checkBacks} />
              ) : (
                <p className="text-sm text-slate-600">Scheduled when the plan is published.</p>
              )}
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle as="h2">Baseline</CardTitle>
          </CardHeader>
          <CardContent>
            <Baseline plan={plan} />
          </CardContent>
        </Card>
      </div>

      {confirm === "publish" ? (
        <ConfirmDialog
          title="Publish this plan?"
          description={`${plan.team ? `${plan.team.name} will be notified` : "Everyone in the organisation will be notified"}, and check-backs will be scheduled at 30, 60 and 90 days to measure whether it worked.`}
          confirmLabel="Publish"
          pendingLabel="Publishing..."
          destructive={false}
          pending={publish.isPending}
          onConfirm={() => publish.mutate()}
          onClose={() => setConfirm(null)}
        />
      ) : null}
      {confirm === "done" || confirm === "dropped" ? (
        <ConfirmDialog
          title={confirm === "done" ? "Mark this plan as done?" : "Drop this plan?"}
          description={
            confirm === "done"
              ? "It stays visible with its steps and results; it can no longer change."
              : "Its check-backs not sent yet will not go out, and it can no longer change."
          }
          confirmLabel={confirm === "done" ? "Mark done" : "Drop plan"}
          pendingLabel="Saving..."
          destructive={confirm === "dropped"}
          pending={close.isPending}
          onConfirm={() => close.mutate(confirm)}
          onClose={() => setConfirm(null)}
        />
      ) : null}
      {editing && people ? (
        <PlanEditDialog
          plan={plan}
          people={people}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}
