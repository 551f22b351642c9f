import { Hourglass } from "lucide-react";
import type { SurveyResults } from "@/lib/analytics/survey-results";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/surveys/local-time";
import { CloseSurveyButton } from "@/components/surveys/close-survey-button";

const rateOf = (invited: number, responded: number) =>
  invited > 0 ? `${Math.round((responded / invited) * 100)}%` : "–";

/** An open survey's page (results are released when it closes): when that is, the
 * admin's way to close it early, and per visible group only who was invited and how many
 * answered. No scores, distributions or comments exist here to show. */
export function ParticipationOnly({ r, canClose }: { r: SurveyResults; canClose: boolean }) {
  const { survey } = r;
  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-4 border-brand-100 bg-brand-50/50 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="flex min-w-0 items-start gap-3">
          <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div className="min-w-0 space-y-1 text-sm text-slate-700">
            <h2 className="text-base font-semibold text-slate-900">Results are released when the survey closes</h2>
            {survey.closesAt ? (
              <p>
                It closes <LocalTime iso={survey.closesAt} />.
              </p>
            ) : null}
            <p>
              Until then only participation is shown: how many people were invited and how many have answered. Scores,
              answer distributions and comments appear once it closes, so no answer can be picked out as it arrives.
            </p>
            {canClose ? (
              <p>You can close it now to release the results at once; nobody can answer it after that.</p>
            ) : null}
          </div>
        </div>
        {canClose && survey.status === "active" ? (
          <div className="shrink-0 sm:pt-0.5">
            <CloseSurveyButton surveyId={survey.id} title={survey.title} size="default" variant="default" />
          </div>
        ) : null}
      </Card>

      <section aria-labelledby="participation-heading" className="space-y-3">
        <h2 id="participation-heading" className="text-base font-semibold text-slate-900">
          Participation so far
        </h2>
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Invited, responded and response rate per group while the survey is open
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium sm:px-4">
                  Group
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                  Invited
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                  Responded
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                  <span className="sm:hidden">Rate</span>
                  <span className="hidden sm:inline">Response rate</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {r.groups.map((g) => (
                <tr key={g.id} data-group={g.name}>
                  <th scope="row" className="px-3 py-2 font-medium wrap-anywhere text-slate-900 sm:px-4">
                    {g.name}
                  </th>
                  <td className="px-3 py-2 text-right text-slate-800 tabular-nums sm:px-4">{g.invited}</td>
                  <td className="px-3 py-2 text-right text-slate-800 tabular-nums sm:px-4">{g.responded}</td>
                  <td className="px-3 py-2 text-right text-slate-800 tabular-nums sm:px-4">
                    {rateOf(g.invited, g.responded)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
