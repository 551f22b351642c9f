import { Users } from "lucide-react";
import type { GroupResult } from "@/lib/analytics/survey-results-view";
import { EmptyState } from "@/components/ui/empty-state";
import { QuestionResultCard } from "@/components/survey-results/question-result-card";
import { plural } from "@/lib/format";

/** One group's released results (the organisation or a team), or why they are hidden. Shown only
 * once the survey has closed, so the texts speak of answers that are in, not still to come. */
export function GroupResults({
  group,
  minGroupSize,
  commentMinimum,
}: {
  group: GroupResult;
  minGroupSize: number;
  commentMinimum: number;
}) {
  const headingId = `group-${group.id}`;
  const rate = group.invited > 0 ? Math.round((group.responded / group.invited) * 100) : null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {group.name}
        </h2>
        {group.reason ? null : (
          <p className="text-sm text-slate-600">
            {group.invited > 0
              ? `${group.responded} of ${group.invited} responded${rate === null ? "" : ` (${rate}%)`}`
              : `${group.responded} responded`}
          </p>
        )}
      </div>
      {group.reason === "complementary" ? (
        <EmptyState
          icon={Users}
          headingLevel="p"
          title="Hidden to protect a smaller group"
          description="These results would let a smaller group's answers be worked out from the totals, so they stay hidden."
        />
      ) : group.reason ? (
        <EmptyState
          icon={Users}
          headingLevel="p"
          title="Not enough responses"
          description={`Fewer than ${plural(minGroupSize, "person", "people")} in this group answered, so its results stay hidden and nobody's answers can be singled out.`}
        />
      ) : (
        <ol className="space-y-3">
          {group.questions.map((q, i) => (
            <li key={q.id}>
              <QuestionResultCard q={q} index={i + 1} minGroupSize={minGroupSize} commentMinimum={commentMinimum} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
