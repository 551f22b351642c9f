import type { ChoiceStats, EnpsStats, QuestionResult, ScaleStats } from "@/lib/analytics/survey-results-view";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { scoreTone } from "@/components/analytics/score-colors";
import { suppressionText } from "@/components/analytics/suppression-text";
import { DistributionBars } from "@/components/survey-results/distribution-bars";
import { SurveyComments } from "@/components/survey-results/survey-comments";
import { plural } from "@/lib/format";

const TYPE_LABEL: Record<QuestionResult["type"], string> = {
  scale: "Scale 1-5",
  enps: "eNPS 0-10",
  text: "Open text",
  choice: "Choice",
};

// eNPS bands (docs/decisions.md (Scores and metrics)): detractors 0-6, passives 7-8, promoters 9-10.
const enpsTone = (v: number) => (v >= 9 ? "bg-emerald-500" : v >= 7 ? "bg-slate-400" : "bg-red-400");
const signed = (v: number) => (v > 0 ? `+${v}` : `${v}`);

function Figure({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-baseline gap-1">
        <span
          className={
            tone
              ? `rounded-md px-1.5 py-0.5 text-lg font-semibold tabular-nums ${tone}`
              : "text-lg font-semibold tabular-nums"
          }
        >
          {value}
        </span>
        {hint ? <span className="text-xs text-slate-500">{hint}</span> : null}
      </dd>
    </div>
  );
}

function ScaleBody({ s, higherIsWorse }: { s: ScaleStats; higherIsWorse: boolean }) {
  return (
    <>
      {/* The stress item: agreeing means more stress, so its colour reads the score reversed. */}
      {higherIsWorse ? (
        <p className="text-xs text-slate-600">Agreeing means more stress: a higher score is worse.</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Average" value={s.average.toFixed(1)} hint="of 5" />
        <Figure
          label="Score"
          value={s.score.toFixed(1)}
          hint="of 10"
          tone={scoreTone(higherIsWorse ? 10 - s.score : s.score)}
        />
        <Figure label="Answers" value={String(s.n)} />
      </dl>
      <DistributionBars
        bars={s.distribution}
        n={s.n}
        label="Answers per value, 1 (strongly disagree) to 5 (strongly agree)"
      />
    </>
  );
}

function EnpsBody({ s }: { s: EnpsStats }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="eNPS" value={signed(s.standardEnps)} hint="-100 to 100" />
        <Figure label="Average" value={s.average.toFixed(1)} hint="of 10" tone={scoreTone(s.average)} />
        <Figure label="Answers" value={String(s.n)} />
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs font-medium text-slate-600">Promoters / passives / detractors</dt>
          <dd className="mt-0.5 text-sm text-slate-800 tabular-nums">
            {s.promoters} / {s.passives} / {s.detractors}
          </dd>
        </div>
      </dl>
      <DistributionBars
        bars={s.distribution}
        n={s.n}
        label="Answers per value, 0 (not at all likely) to 10 (extremely likely)"
        tone={enpsTone}
      />
    </>
  );
}

/** A choice question's split: one row per option, its words, a bar and the count (percent), read
 * by a screen reader as a list of text. */
function ChoiceBody({ s }: { s: ChoiceStats }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Answers" value={String(s.n)} />
      </dl>
      <ul aria-label="Answers per option" className="space-y-1">
        {s.options.map((o, i) => (
          <li key={i} className="grid grid-cols-[minmax(3.5rem,auto)_1fr_4.5rem] items-center gap-2 text-sm">
            <span className="font-medium wrap-anywhere text-slate-700">{o.label}</span>
            <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
              <span className="block h-full rounded-full bg-brand-500" style={{ width: `${o.percent}%` }} />
            </span>
            <span className="text-slate-600 tabular-nums">
              <span className="sr-only">{`${o.label}: `}</span>
              {o.count} <span className="text-xs text-slate-500">({o.percent}%)</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One question of a group: its figures and distribution, its comments, or why they are hidden. */
export function QuestionResultCard({
  q,
  index,
  minGroupSize,
  commentMinimum,
}: {
  q: QuestionResult;
  index: number;
  minGroupSize: number;
  commentMinimum: number;
}) {
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="font-medium wrap-anywhere text-slate-900">
          <span className="text-slate-500">{index}. </span>
          {q.text}
        </h3>
        <Badge variant="outline" className="self-start">
          {TYPE_LABEL[q.type]}
        </Badge>
      </div>
      {q.type === "text" ? (
        <SurveyComments reason={q.reason} comments={q.comments} minimum={commentMinimum} />
      ) : q.reason ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {q.reason === "below-minimum"
            ? `Not enough answers: fewer than ${plural(minGroupSize, "person", "people")} answered this question, so its results stay hidden.`
            : suppressionText(q.reason, minGroupSize)}
        </p>
      ) : q.type === "scale" && q.stats ? (
        <ScaleBody s={q.stats} higherIsWorse={q.higherIsWorse} />
      ) : q.type === "enps" && q.stats ? (
        <EnpsBody s={q.stats} />
      ) : q.type === "choice" && q.stats ? (
        <ChoiceBody s={q.stats} />
      ) : null}
      {q.audienceTeamId ? (
        <p className="text-xs text-slate-500">
          {`Asked of ${q.audienceTeamName ?? "one team"} only, as an action plan's check-back.`}
        </p>
      ) : null}
    </Card>
  );
}
