import type { CurrentSurveyDto } from "@/lib/surveys/round-status";
import { formatDate } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const day = (iso: string | null) => (iso ? formatDate(iso, "date", "UTC") : "Not sent yet");
const STATUS = {
  active: ["Active", "success"],
  closed: ["Closed", "secondary"],
  scheduled: ["Scheduled", "warning"],
} as const;

/** 'Current Survey Status': title, question count, status and sent date. */
export function SurveyStatusCard({ status }: { status: CurrentSurveyDto | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Current Survey Status</CardTitle>
      </CardHeader>
      <CardContent>
        {status ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs text-slate-500">Title</dt>
              <dd className="font-medium text-slate-900">{status.title}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Questions</dt>
              <dd className="font-medium text-slate-900">{status.questionCount}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Status</dt>
              <dd>
                <Badge variant={STATUS[status.status][1]}>{STATUS[status.status][0]}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Sent</dt>
              <dd className="font-medium text-slate-900">{day(status.sentAt)}</dd>
            </div>
            {status.totalUsers !== null ? (
              <div className="col-span-2 sm:col-span-4">
                <dt className="text-xs text-slate-500">Responses</dt>
                <dd className="text-slate-800">
                  {status.responses ?? 0} of {status.totalUsers} invited
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm text-slate-600">No survey has been sent yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
