"use client";

import { useSyncExternalStore } from "react";
import Link from "next/link";
import { BarChart3, ClipboardList } from "lucide-react";
import type { SurveyListItem } from "@/lib/surveys/list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

const STATUS: Record<SurveyListItem["status"], { label: string; className: string }> = {
  scheduled: { label: "Scheduled", className: "bg-blue-50 text-blue-700" },
  active: { label: "Active", className: "bg-emerald-50 text-emerald-700" },
  closed: { label: "Closed", className: "bg-slate-100 text-slate-600" },
};

const noop = () => () => {};
/** True once hydrated: dates are shown in the reader's time zone, which the server cannot know. */
const useIsClient = () => useSyncExternalStore(noop, () => true, () => false);

function When({ iso, client }: { iso: string; client: boolean }) {
  const d = new Date(iso);
  const text = client
    ? d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : `${d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}

function Timing({ s, client }: { s: SurveyListItem; client: boolean }) {
  if (s.status === "scheduled") return <>Sends <When iso={s.scheduledFor} client={client} /></>;
  return (
    <>
      Sent <When iso={s.sentAt ?? s.scheduledFor} client={client} />
      {s.closesAt ? <>{s.status === "active" ? " · closes " : " · closed "}<When iso={s.closesAt} client={client} /></> : null}
    </>
  );
}

/** Surveys overview: weekly pulse rounds and custom surveys, newest first, with their status
 * and participation. Counts only: nobody's answers are identifiable here. */
export function SurveyList({ surveys }: { surveys: SurveyListItem[] }) {
  const client = useIsClient();
  if (surveys.length === 0) {
    return <EmptyState icon={ClipboardList} headingLevel="h3" title="No surveys yet" description="Weekly pulse rounds and the surveys you create will be listed here." />;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Surveys">
      {surveys.map((s) => {
        // Organisation-wide counts are admins' only (listSurveys gives managers null).
        const counts = s.invitedCount !== null && s.responseCount !== null ? { invited: s.invitedCount, responded: s.responseCount } : null;
        const rate = counts && counts.invited > 0 ? Math.round((counts.responded / counts.invited) * 100) : null;
        const progress = s.status === "scheduled" ? "Not sent yet" : counts ? `${counts.responded} of ${counts.invited} responded${rate === null ? "" : ` (${rate}%)`}` : null;
        return (
          <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium wrap-anywhere text-slate-900">{s.title}</span>
                <Badge className={STATUS[s.status].className}>{STATUS[s.status].label}</Badge>
                <Badge variant="outline">{s.kind === "pulse" ? "Weekly pulse" : "Custom"}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600"><Timing s={s} client={client} /></p>
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2">
              {progress ? <p className="text-sm text-slate-700">{progress}</p> : null}
              {s.status === "scheduled" ? null : (
                <Button asChild size="sm" variant="outline">
                  <Link href={`/surveys/results/${s.id}`} aria-label={`View Results: ${s.title}`}>
                    <BarChart3 aria-hidden="true" />
                    View Results
                  </Link>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
