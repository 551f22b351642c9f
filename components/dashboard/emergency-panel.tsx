import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { EmergencyMetric } from "@/lib/analytics/emergency";

/** 'Emergency Metrics (Below 6.5)' or the green 'All metrics looking good!' card. */
export function EmergencyPanel({ metrics }: { metrics: EmergencyMetric[] }) {
  if (metrics.length === 0) {
    return (
      <section aria-labelledby="emergency-ok" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
        <h2 id="emergency-ok" className="flex items-center gap-2 font-semibold text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          All metrics looking good!
        </h2>
        <p className="mt-1 text-sm text-emerald-800">No emergency metrics detected: all scores are above 6.5.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="emergency-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
      <h2 id="emergency-title" className="flex items-center gap-2 font-semibold text-red-900">
        <AlertTriangle aria-hidden="true" className="size-5" />
        Emergency Metrics (Below 6.5)
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {metrics.map((m) => (
          <li
            key={m.metric}
            className="flex items-center justify-between rounded-lg bg-white px-3 py-2 text-sm shadow-xs"
          >
            <span className="font-medium text-slate-800">{m.label}</span>
            <span className="font-semibold text-red-700">
              {m.value.toFixed(1)}/10{m.metric === "stress" ? " (High)" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
