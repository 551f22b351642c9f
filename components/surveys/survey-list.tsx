"use client";

import Link from "next/link";
import { BarChart3, ClipboardList } from "lucide-react";
import type { SurveyListItem } from "@/lib/surveys/list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/surveys/local-time";
import { CloseSurveyButton } from "@/components/surveys/close-survey-button";

const STATUS: Record<SurveyListItem["status"], { label: string; className: string }> = {
  scheduled: { label: "Scheduled", className: "bg-blue-50 text-blue-700" },
  active: { label: "Active", className: "bg-emerald-50 text-emerald-700" },
  closed: { label: "Closed", className: "bg-slate-100 text-slate-600" },
};

function Timing({ s }: { s: SurveyListItem }) {
  if (s.status === "scheduled")
    return (
      <>
        Sends <LocalTime iso={s.scheduledFor} />
      </>
    );
  return (
    <>
      Sent <LocalTime iso={s.sentAt ?? s.scheduledFor} />
      {/* Results are released at close, so an open survey says when that is. */}
      {s.closesAt ? (
        <>
          {s.status === "active" ? " · Closes " : " · closed "}
          <LocalTime iso={s.closesAt} />
        </>
      ) : null}
    </>
  );
}

/** Surveys overview: weekly pulse rounds and custom surveys, newest first, with their status
 * and participation. Counts only: nobody's answers are identifiable here. Admins (`canClose`)
 * may close an open survey early to release its results. */
export function SurveyList({ surveys, canClose = false }: { surveys: SurveyListItem[]; canClose?: boolean }) {
  if (surveys.length === 0) {
    return (
      <EmptyState
        icon={ClipboardList}
        headingLevel="h3"
        title="No surveys yet"
        description="Weekly pulse rounds and the surveys you create will be listed here."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Surveys">
      {surveys.map((s) => {
        // Organisation-wide counts are admins' only (listSurveys gives managers null).
        const counts =
          s.invitedCount !== null && s.responseCount !== null
            ? { invited: s.invitedCount, responded: s.responseCount }
            : null;
        const rate = counts && counts.invited > 0 ? Math.round((counts.responded / counts.invited) * 100) : null;
        const progress =
          s.status === "scheduled"
            ? "Not sent yet"
            : counts
              ? `${counts.responded} of ${counts.invited} responded${rate === null ? "" : ` (${rate}%)`}`
              : null;
        // Side by side only where two buttons still leave the title room; stacked below that.
        return (
          <li key={s.id} className="flex flex-col gap-2 p-4 lg:flex-row lg:items-center lg:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium wrap-anywhere text-slate-900">{s.title}</span>
                <Badge className={STATUS[s.status].className}>{STATUS[s.status].label}</Badge>
                <Badge variant="outline">{s.kind === "pulse" ? "Weekly pulse" : "Custom"}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                <Timing s={s} />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 lg:shrink-0">
              {progress ? <p className="text-sm text-slate-700">{progress}</p> : null}
              {s.status === "scheduled" ? null : (
                <Button asChild size="sm" variant="outline">
                  <Link href={`/surveys/results/${s.id}`} aria-label={`View Results: ${s.title}`}>
                    <BarChart3 aria-hidden="true" />
                    View Results
                  </Link>
                </Button>
              )}
              {canClose && s.status === "active" ? (
                <CloseSurveyButton surveyId={s.id} title={s.title} nameInLabel />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
