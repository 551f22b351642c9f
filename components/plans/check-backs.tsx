import { CHECK_BACK_DAYS, type CheckBackDto } from "@/lib/plans/dto";
import { plural } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { change, checkBackDay, score } from "@/components/plans/plan-format";

// What each check-back measured: the team's change against the baseline, the change in comparable
// teams over the same weeks, the estimate of the action's own effect with its interval, and the
// "Did this action happen?" split. The server shows a figure only when its group meets the
// minimum (and the viewer rule); otherwise it sends a reason, said here in words.

type EffectDto = NonNullable<CheckBackDto["effect"]>;
type HappenedDto = NonNullable<CheckBackDto["happened"]>;
type ResultReason = NonNullable<CheckBackDto["reason"]>;

const NOT_ENOUGH = "Not enough answers yet";

const REASONS: Record<ResultReason, string> = {
  "not-sent-yet": "Goes out with the pulse round of the week it falls due.",
  open: "Answers are being collected: results show when the round closes.",
  "not-enough-answers": NOT_ENOUGH,
  "no-baseline": "No baseline to compare with: no round had measured this dimension for the team before the plan.",
  "team-too-small": "Not asked: the team is too small for its answers to be reported anonymously.",
};

const STATUS: Record<string, { label: string; variant: "secondary" | "default" | "success" | "warning" }> = {
  scheduled: { label: "Scheduled", variant: "secondary" },
  sent: { label: "Sent", variant: "default" },
  closed: { label: "Closed", variant: "success" },
  skipped: { label: "Skipped", variant: "warning" },
};

function Effect({ effect }: { effect: EffectDto }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="plan-effect">
      <dt className="text-slate-600">Change since the baseline</dt>
      <dd className="font-medium text-slate-900 tabular-nums">
        {`${change(effect.change)} (${score(effect.baseline)} \u2192 ${score(effect.after)}, ${plural(effect.n.after, "answer")})`}
      </dd>
      <dt className="text-slate-600">Comparable teams</dt>
      <dd className="text-slate-900 tabular-nums">
        {effect.comparisonChange === null
          ? "No comparable team was measured over the same weeks"
          : `${change(effect.comparisonChange)} (${plural(effect.comparisonTeams, "team")} without an action on this dimension)`}
      </dd>
      <dt className="text-slate-600">Estimated effect of the action</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">
        {effect.estimate === null
          ? "Not enough to compare yet"
          : `${change(effect.estimate)}${effect.interval ? ` (95% interval ${change(effect.interval[0])} to ${change(effect.interval[1])})` : ""}`}
      </dd>
    </dl>
  );
}

const OPTIONS = [
  { key: "yes", label: "Yes", className: "bg-emerald-500" },
  { key: "partly", label: "Partly", className: "bg-amber-400" },
  { key: "no", label: "No", className: "bg-slate-400" },
] as const;

function Happened({ happened }: { happened: HappenedDto }) {
  return (
    <div className="space-y-1.5" data-testid="plan-happened">
      <p className="text-sm text-slate-600">{`Did this action happen? (${plural(happened.n, "answer")})`}</p>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {OPTIONS.map((o) => (
          <div key={o.key} className={o.className} style={{ width: `${happened[o.key]}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        {OPTIONS.map((o) => (
          <li key={o.key} className="flex items-center gap-1.5 tabular-nums">
            <span aria-hidden="true" className={`size-2.5 rounded-full ${o.className}`} />
            {`${o.label} ${Math.round(happened[o.key])}%`}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Result({ c }: { c: CheckBackDto }) {
  if (!c.effect && !c.happened) {
    return (
      <p className="text-sm text-slate-600" data-testid="check-back-reason">
        {c.reason
          ? REASONS[c.reason]
          : c.status === "skipped"
            ? "Not sent: the plan or the workspace had stopped."
            : ""}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {c.effect ? (
        <Effect effect={c.effect} />
      ) : (
        <p className="text-sm text-slate-600">{c.reason === "no-baseline" ? REASONS[c.reason] : NOT_ENOUGH}</p>
      )}
      {c.happened ? <Happened happened={c.happened} /> : <p className="text-sm text-slate-600">{NOT_ENOUGH}</p>}
    </div>
  );
}

/** The plan's three check-backs (30, 60 and 90 days after publishing), each with its result. */
export function CheckBacks({ checkBacks }: { checkBacks: CheckBackDto[] }) {
  return (
    <ol className="space-y-3">
      {checkBacks.map((c) => {
        const status = STATUS[c.status] ?? { label: c.status, variant: "secondary" as const };
        return (
          <li
            key={c.id}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-check-back={c.ordinal}
            data-status={c.status}
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900">
                {`${CHECK_BACK_DAYS[c.ordinal - 1] ?? c.ordinal * 30}-day check-back`}
              </h3>
              <span className="flex items-center gap-2 text-sm text-slate-600">
                {c.sentAt ? `Sent ${checkBackDay(c.sentAt)}` : `Due ${checkBackDay(c.dueAt)}`}
                <Badge variant={status.variant}>{status.label}</Badge>
              </span>
            </div>
            <Result c={c} />
          </li>
        );
      })}
    </ol>
  );
}
