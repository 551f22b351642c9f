import { plural } from "@/lib/format";
import { cn } from "@/lib/utils/cn";

/** Steps done out of all, as a bar with the same words beside it. */
export function PlanProgress({ done, total, className }: { done: number; total: number; className?: string }) {
  const pct = total === 0 ? 0 : Math.round((done / total) * 100);
  const words = total === 0 ? "No steps yet" : `${done} of ${plural(total, "step")} done`;
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label="Steps done"
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={done}
        aria-valuetext={words}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="shrink-0 text-xs text-slate-600 tabular-nums" data-testid="plan-progress">
        {words}
      </span>
    </div>
  );
}
