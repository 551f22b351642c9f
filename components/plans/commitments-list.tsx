import Link from "next/link";
import { Flag, Plus } from "lucide-react";
import type { PlanStatus, PlanSummaryDto } from "@/lib/plans/dto";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlanProgress } from "@/components/plans/plan-progress";
import { PlanStatusBadge } from "@/components/plans/plan-status-badge";
import { dueDay, scopeName } from "@/components/plans/plan-format";

// 'Commitments': the action plans the person may see (the server decides which), grouped by
// where they stand. Rendered on the server: nothing here needs the browser.

const GROUPS: { title: string; statuses: readonly PlanStatus[] }[] = [
  { title: "In progress", statuses: ["published"] },
  { title: "Drafts", statuses: ["draft"] },
  { title: "Finished", statuses: ["done", "dropped"] },
];

function PlanItem({ plan }: { plan: PlanSummaryDto }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-plan={plan.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          href={`/commitments/${plan.id}`}
          className="min-w-0 font-semibold text-slate-900 wrap-anywhere underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {plan.title}
        </Link>
        <PlanStatusBadge status={plan.status} />
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <div className="flex gap-1">
          <dt className="sr-only">Dimension</dt>
          <dd className="font-medium text-slate-700">{plan.dimensionLabel}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Team</dt>
          <dd>{scopeName(plan.team)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Owner:</dt>
          <dd>{plan.owner.name}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Due:</dt>
          <dd>{dueDay(plan.dueAt)}</dd>
        </div>
      </dl>
      <PlanProgress className="mt-3" done={plan.progress.done} total={plan.progress.total} />
    </li>
  );
}

/** The page: its header ('Plan an action' for those who plan), the plans by group, or the empty state. */
export function CommitmentsList({ plans, canPlan }: { plans: PlanSummaryDto[]; canPlan: boolean }) {
  const planAction = canPlan ? (
    <Button asChild>
      <Link href="/commitments/new">
        <Plus aria-hidden="true" /> Plan an action
      </Link>
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Commitments"
        subtitle={
          canPlan
            ? "Actions planned on the survey results, their steps, and whether they worked."
            : "What your team and the organisation committed to after the surveys, and how far each has come."
        }
        actions={planAction}
      />
      {plans.length === 0 ? (
        <EmptyState
          icon={Flag}
          title="No commitments yet"
          description={
            canPlan
              ? "Open a focus area on the Pulse Overview or a team report, or plan an action here: it shows to the team once published."
              : "When your manager or the organisation publishes an action plan, it shows here with its progress."
          }
        />
      ) : (
        <div className="space-y-8">
          {GROUPS.map((g) => {
            const shown = plans.filter((p) => g.statuses.includes(p.status));
            if (shown.length === 0) return null;
            const id = `plans-${g.statuses[0]}`;
            return (
              <section key={g.title} aria-labelledby={id}>
                <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
                  {g.title}
                </h2>
                <ul className="space-y-3" aria-labelledby={id}>
                  {shown.map((p) => (
                    <PlanItem key={p.id} plan={p} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
