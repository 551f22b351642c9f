import type { SuppressionReason } from "@/lib/analytics/suppression";
import { plural } from "@/lib/format";

/** Open answers of one question, already shuffled by the server; never attributed to anyone. */
export function SurveyComments({
  reason,
  comments,
  minimum,
}: {
  reason: SuppressionReason | null;
  comments: string[];
  minimum: number;
}) {
  if (reason === "complementary") {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
        Hidden so that the comments of a smaller group cannot be singled out from the organisation&apos;s.
      </p>
    );
  }
  if (reason) {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
        Not enough responses: comments are shown only when at least {minimum} people in this group answered.
      </p>
    );
  }
  if (comments.length === 0) return <p className="text-sm text-slate-600">No comments.</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-500">{plural(comments.length, "comment")}, in random order.</p>
      <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" tabIndex={0} aria-label="Comments">
        {comments.map((c, i) => (
          <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <p className="whitespace-pre-wrap break-words">{c}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
