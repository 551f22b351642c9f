import { SCORE_GRID } from "@/components/dashboard/score-card";
import { cn } from "@/lib/utils/cn";

/** A loading placeholder with the spec's loading text ('Loading dashboard...'). */
export function AnalyticsSkeleton({ text, cards = 4 }: { text: string; cards?: number }) {
  return (
    <div role="status" aria-live="polite">
      <p className="mb-4 text-sm text-slate-600">{text}</p>
      <div className={cn(SCORE_GRID, "animate-pulse")}>
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="h-28 rounded-xl border border-slate-200 bg-slate-100 sm:h-36" />
        ))}
      </div>
      <div className="mt-6 h-64 animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
    </div>
  );
}
