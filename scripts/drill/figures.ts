// The drill's figures per phase, read off the recorded requests: how many, how many acknowledged,
// how many failed, and how long the service took to recover (from the first failure to the first
// success after the last one).
import type { Sample } from "./load";

export type Phase = { name: string; start: number; end: number };

export type PhaseFigures = {
  phase: string;
  requests: number;
  acknowledged: number;
  failed: number;
  /** Failures by status ("0" when no answer came). */
  statuses: Record<string, number>;
  /** ms from the first failure to steady successes again, 0 without a failure, null when not
   * measured (the whole drill's row). */
  recoveryMs: number | null;
  seconds: number;
};

export function phaseFigures(phase: Phase, samples: Sample[]): PhaseFigures {
  // By the time of the answer: a request in flight when a fault hits fails during the fault.
  const mine = samples.filter((s) => s.t1 >= phase.start && s.t1 < phase.end);
  const failed = mine.filter((s) => !s.ok);
  const statuses: Record<string, number> = {};
  for (const f of failed) statuses[String(f.status)] = (statuses[String(f.status)] ?? 0) + 1;
  let recoveryMs = 0;
  if (failed.length) {
    const first = Math.min(...failed.map((f) => f.t0));
    const lastFailure = Math.max(...failed.map((f) => f.t1));
    const after = mine.filter((s) => s.ok && s.t0 >= lastFailure).map((s) => s.t1);
    recoveryMs = (after.length ? Math.min(...after) : phase.end) - first;
  }
  return {
    phase: phase.name,
    requests: mine.length,
    acknowledged: mine.length - failed.length,
    failed: failed.length,
    statuses,
    recoveryMs,
    seconds: (phase.end - phase.start) / 1000,
  };
}

/** The figures as a markdown table. */
export function markdownTable(rows: PhaseFigures[]): string {
  const lines = [
    "| Phase | Duration | Requests | Acknowledged (2xx) | Failed | Failures by status | Time to recover |",
    "| --- | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  for (const r of rows) {
    const statuses =
      Object.entries(r.statuses)
        .map(([s, n]) => `${n} × ${s === "0" ? "no answer" : s}`)
        .join(", ") || "none";
    lines.push(
      `| ${r.phase} | ${r.seconds.toFixed(0)} s | ${r.requests} | ${r.acknowledged} | ${r.failed} | ${statuses} | ${r.failed && r.recoveryMs !== null ? `${(r.recoveryMs / 1000).toFixed(1)} s` : "-"} |`,
    );
  }
  return lines.join("\n");
}
