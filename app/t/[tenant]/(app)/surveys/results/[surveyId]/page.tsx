import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft, CalendarClock, FileQuestion, Info, Users } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { formatDate } from "@/lib/format";
import { nullWhenNotFound } from "@/lib/errors/domain-error";
import { surveyResults, type SurveyResults } from "@/lib/analytics/survey-results";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { GroupResults } from "@/components/survey-results/group-results";
import { ParticipationOnly } from "@/components/survey-results/participation-only";

export const metadata: Metadata = { title: "Survey Results" };

// Not at /surveys/{id}: that is the public page where a survey is taken.

const day = (iso: string) => formatDate(iso, "date", "UTC");

const back = (
  <Button asChild variant="outline">
    <Link href="/surveys">
      <ArrowLeft aria-hidden="true" />
      All Surveys
    </Link>
  </Button>
);

function subtitle(s: SurveyResults["survey"]): string {
  const kind = s.kind === "pulse" ? "Weekly pulse" : "Custom survey";
  if (!s.sentAt) return `${kind}, not sent yet`;
  const open = s.status === "active" ? `, open until ${s.closesAt ? day(s.closesAt) : "further notice"}` : ", closed";
  return `${kind}, sent ${day(s.sentAt)}${open}`;
}

function Results({ r, canClose }: { r: SurveyResults; canClose: boolean }) {
  if (r.survey.status === "scheduled") {
    return (
      <EmptyState
        icon={CalendarClock}
        title="This survey has not been sent yet"
        description="Participation shows here once the survey has gone out; results are released when it closes."
        action={back}
      />
    );
  }
  if (r.groups.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="You do not lead a team yet"
        description="Managers see the results of the teams they lead. An administrator can make you a team's manager."
        action={back}
      />
    );
  }
  // While a survey is open, participation only; its results are released at close (docs/decisions.md
  // (Anonymity and the minimum group)).
  if (!r.released) return <ParticipationOnly r={r} canClose={canClose} />;
  return (
    <div className="space-y-8">
      <Card className="flex items-start gap-3 border-brand-100 bg-brand-50/50 p-4 text-sm text-slate-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <p>
          These results were released when the survey closed. To keep every answer anonymous, a group or question is
          shown only with at least {r.minGroupSize} answers, comments only with at least {r.commentMinimum} respondents,
          and a group may be hidden when its numbers would let a smaller group be worked out from the totals. Scale
          scores are shown as the 1-5 average and on the 0-10 scale of the dashboards.
        </p>
      </Card>
      {r.groups.map((g) => (
        <GroupResults key={g.id} group={g} minGroupSize={r.minGroupSize} commentMinimum={r.commentMinimum} />
      ))}
    </div>
  );
}

export default async function SurveyResultsPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const [{ surveyId }, session] = await Promise.all([params, currentSession()]);
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "analytics.view")) {
    return (
      <AccessRestricted
        feature="The survey results page"
        permission="analytics.view"
        detail="Your answers are anonymous and only ever counted together with your colleagues'."
      />
    );
  }
  // An unknown id, or another organisation's: the same answer, so ids cannot be probed.
  const r = await nullWhenNotFound(surveyResults(ctx, surveyId));
  if (!r) {
    return (
      <>
        <PageHeader title="Survey Results" />
        <EmptyState
          icon={FileQuestion}
          title="Survey not found"
          description="This survey does not exist in your workspace, or the link is incomplete."
          action={back}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title={r.survey.title} subtitle={subtitle(r.survey)} actions={back} />
      <Results r={r} canClose={can(ctx, "surveys.send")} />
    </>
  );
}
