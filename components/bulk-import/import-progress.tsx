import { formatNumber as n } from "@/lib/format";
import type { ImportProgress } from "@/lib/people/bulk-import-schemas";

// Share of the bar per phase: checking is quick, writing and invitations take the time.
const SPAN = { validating: [0, 10], writing: [10, 60], inviting: [60, 100] } as const;

function progressLabel(p: ImportProgress | null): string {
  if (!p) return "Sending the file…";
  if (p.phase === "validating") return "Checking rows…";
  if (p.phase === "writing") return `Adding people… ${n(p.done)} of ${n(p.total)}`;
  return `Queuing invitation e-mails… ${n(p.done)} of ${n(p.total)}`;
}

export function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const [from, to] = progress ? SPAN[progress.phase] : [0, 0];
  const share = progress && progress.total > 0 ? progress.done / progress.total : 0;
  const percent = Math.round(from + (to - from) * share);
  const label = progressLabel(progress);
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
