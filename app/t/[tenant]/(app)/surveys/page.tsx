import type { Metadata } from "next";
import Link from "next/link";
import { CalendarPlus, ClipboardList, MessageSquareText, Send } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { openSurveyFor } from "@/lib/surveys/open-survey";
import { listSurveys } from "@/lib/surveys/list";
import { getCurrentSurvey, getRoundStatus } from "@/lib/surveys/round-status";
import { getPulseSchedule } from "@/lib/surveys/round-schedule";
import { teamRankings } from "@/lib/analytics/teams";
import { listTeams } from "@/lib/people/teams";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TeamRankingList } from "@/components/analytics/team-ranking-list";
import { SurveyList } from "@/components/surveys/survey-list";
import { SurveysToolbar } from "@/components/surveys/surveys-toolbar";
import { SendNowButton } from "@/components/surveys/send-now-button";
import { ScheduleStatusCard } from "@/components/surveys/schedule-status-card";
import { getAnonymitySetting } from "@/lib/org/anonymity";

export const metadata: Metadata = { title: "Surveys" };

export default async function SurveysPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  const open = await openSurveyFor(ctx);
  const header = (create: Parameters<typeof SurveysToolbar>[0]["create"]) => (
    <PageHeader
      title="Surveys"
      subtitle="Monitor pulse results and manage culture surveys"
      actions={<SurveysToolbar openSurveyId={open?.surveyId ?? null} create={create} />}
    />
  );

  // docs/decisions.md (Roles and permissions): roles that may not see the organisation's surveys (employees) see only
  // their own part: the survey waiting for them.
  if (!can(ctx, "surveys.view")) {
    return (
      <>
        {header(null)}
        <EmptyState
          icon={ClipboardList}
          title={open ? `"${open.title}" is open` : "No survey is open for you"}
          description={
            open
              ? "Answer it with the personal link in your e-mail; it takes about two minutes. Your answers are anonymous and only reported together with your colleagues'. If you have already answered, thank you."
              : "The weekly pulse arrives by e-mail, with your personal link."
          }
          action={
            open ? (
              <Button asChild>
                <Link href={`/surveys/${open.surveyId}`}>Take Survey</Link>
              </Button>
            ) : undefined
          }
        />
      </>
    );
  }

  // Sending, creating, closing and the mail delivery status are for roles that send surveys.
  const sends = can(ctx, "surveys.send");
  const [org, schedule, current, rankings, surveys, teams] = await Promise.all([
    getAnonymitySetting(ctx, ctx.orgId),
    getPulseSchedule(ctx, ctx.orgId),
    getCurrentSurvey(ctx, ctx.orgId),
    teamRankings(ctx),
    listSurveys(ctx),
    sends ? listTeams(ctx) : Promise.resolve([]),
  ]);
  const status = sends && current ? await getRoundStatus(ctx, current.id) : null;

  return (
    <>
      {header(
        sends
          ? {
              orgId: ctx.orgId,
              teams: teams.map((t) => ({ id: t.id, name: t.name, memberCount: t.memberCount })),
              minGroupSize: org.minGroupSize,
            }
          : null,
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Team Rankings</h2>
          <p className="mb-2 text-sm text-slate-600">{`Culture score over the last four weeks. Teams with fewer than ${org.minGroupSize} answers stay hidden.`}</p>
          <TeamRankingList items={rankings} minGroupSize={org.minGroupSize} />
        </Card>
        <ScheduleStatusCard schedule={schedule} current={current} status={status} canChange={sends} />
      </div>

      <h2 className="mt-8 mb-3 text-lg font-semibold">Recommended Actions</h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="flex flex-col gap-2 p-5">
          <Send aria-hidden="true" className="size-5 text-brand-600" />
          <h3 className="font-medium">Send Pulse Survey</h3>
          <p className="flex-1 text-sm text-slate-600">
            Ask everyone this week&apos;s questions now, on top of the weekly schedule.
          </p>
          {sends ? (
            <div>
              <SendNowButton />
            </div>
          ) : (
            <p className="text-xs text-slate-500">Only admins can send surveys.</p>
          )}
        </Card>
        <Card className="flex flex-col gap-2 p-5">
          <MessageSquareText aria-hidden="true" className="size-5 text-brand-600" />
          <h3 className="font-medium">Review Responses</h3>
          <p className="flex-1 text-sm text-slate-600">
            See every team by the eleven culture dimensions, with participation and eNPS.
          </p>
          <div>
            <Button asChild size="sm" variant="outline">
              <Link href="/pulse">View Details</Link>
            </Button>
          </div>
        </Card>
        <Card className="flex flex-col gap-2 p-5">
          <CalendarPlus aria-hidden="true" className="size-5 text-brand-600" />
          <h3 className="font-medium">Schedule 1:1s</h3>
          <p className="flex-1 text-sm text-slate-600">
            Follow up on what the results show in a one-on-one conversation.
          </p>
          <div>
            <Button asChild size="sm" variant="outline">
              <Link href="/one-on-one">Schedule</Link>
            </Button>
          </div>
        </Card>
      </div>

      <h2 className="mt-8 mb-3 text-lg font-semibold">All Surveys</h2>
      <SurveyList surveys={surveys} canClose={sends} />
    </>
  );
}
