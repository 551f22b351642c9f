import "server-only";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { isUuid } from "@/lib/db/tenant";
import { withOrgReport } from "@/lib/db/read-routing";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { askedOfViewer, loadTeams, viewerPlaces } from "@/lib/analytics/load";
import { scopeOf } from "@/lib/analytics/scope";
import { requirePermission } from "@/lib/auth/authorize";
import { shuffle } from "@/lib/analytics/comments";
import { commentMinimum } from "@/lib/analytics/suppression";
import { evaluateSurveyResults, type GroupResult } from "@/lib/analytics/survey-results-view";
import { ORG_TEAM_ID } from "@/lib/surveys/send";
import { liveParticipation } from "@/lib/surveys/participation";

// GET /api/surveys/{surveyId}/results and the results page: one survey (custom or pulse),
// question by question. Numbers come from the per-question rollups; only comments read answer
// rows, and only for groups the comment rule lets through (as lib/analytics/comments.ts).

export type SurveyResults = {
  survey: {
    id: string;
    title: string;
    kind: "pulse" | "custom";
    status: "scheduled" | "active" | "closed";
    sentAt: string | null;
    closesAt: string | null;
    questionCount: number;
  };
  /** Whether the results are released: only once the survey has closed
   * (docs/decisions.md (Anonymity and the minimum group)). Before, every group carries participation only (invited,
   * responded) and no questions. */
  released: boolean;
  /** The minimum reporting group when the survey was sent, and the comments' minimum. */
  minGroupSize: number;
  commentMinimum: number;
  /** Admins: the whole organisation, then each team the survey reached; managers: their teams. */
  scope: "organization" | "teams";
  /** Empty before the survey is sent (and for a manager who leads no team). */
  groups: GroupResult[];
};

/** Admins see the organisation's results; managers their own teams'; employees get 403, and
 * another organisation's (or an unknown) survey id 404. */
export async function surveyResults(ctx: AuthContext, surveyId: string): Promise<SurveyResults> {
  requirePermission(ctx, "analytics.view");
  if (!isUuid(surveyId)) throw notFound("Survey");
  return withOrgReport(
    ctx.orgId,
    async (tx) => {
      const survey = await tx.survey.findFirst({
        where: { organizationId: ctx.orgId, id: surveyId },
        select: {
          id: true,
          title: true,
          kind: true,
          status: true,
          sentAt: true,
          closesAt: true,
          minGroupSize: true,
          questions: {
            select: {
              id: true,
              order: true,
              type: true,
              text: true,
              bankKey: true,
              options: true,
              audienceTeamId: true,
            },
            orderBy: { order: "asc" },
          },
        },
      });
      if (!survey) throw notFound("Survey");
      const scope = scopeOf(ctx, await loadTeams(tx, ctx.orgId));
      const out: SurveyResults = {
        survey: {
          id: survey.id,
          title: survey.title,
          kind: survey.kind,
          status: survey.status,
          sentAt: survey.sentAt?.toISOString() ?? null,
          closesAt: survey.closesAt?.toISOString() ?? null,
          // Every question is listed below for those who may read results, but the count says only
          // what the viewer was asked: another team's check-back is not theirs to hear of.
          questionCount: await tx.surveyQuestion.count({
            where: { organizationId: ctx.orgId, surveyId: survey.id, ...(await askedOfViewer(tx, ctx)) },
          }),
        },
        minGroupSize: survey.minGroupSize,
        commentMinimum: commentMinimum(survey.minGroupSize),
        released: survey.status === "closed",
        scope: scope.orgWide ? "organization" : "teams",
        groups: [],
      };
      if (survey.status === "scheduled") return out;

      const where = { organizationId: ctx.orgId, surveyId: survey.id };
      if (!out.released) {
        // Open: participation only, for the groups the viewer may see (results are
        // released at close, so two reads around one person's submission differ by a count alone).
        const part = new Map((await liveParticipation(tx, ctx.orgId, survey.id)).map((p) => [p.teamId, p]));
        const groups = scope.orgWide
          ? [{ id: ORG_TEAM_ID, name: "All employees" }, ...scope.teams.filter((t) => part.has(t.id))]
          : scope.teams;
        out.groups = groups.map((g) => ({
          id: g.id,
          name: g.name,
          reason: null,
          invited: part.get(g.id)?.invited ?? 0,
          responded: part.get(g.id)?.responded ?? 0,
          questions: [],
        }));
        return out;
      }
      const participation = await tx.surveyParticipation.findMany({
        where,
        select: { teamId: true, invited: true, responded: true },
      });
      const rollups = await tx.surveyQuestionRollup.findMany({
        where,
        select: { teamId: true, questionId: true, n: true, sum: true, counts: true },
      });
      const allTeams = await tx.team.findMany({
        where: { organizationId: ctx.orgId },
        select: { id: true, name: true },
        orderBy: { name: "asc" },
      });
      // Admins: the teams the survey was attributed to (a participation row from the send), so
      // teams outside a custom survey's audience do not show up as empty groups.
      const reached = new Set(participation.map((p) => p.teamId));
      const wanted = scope.orgWide
        ? [{ id: ORG_TEAM_ID, name: "All employees" }, ...allTeams.filter((t) => reached.has(t.id))]
        : scope.teams.map((t) => ({ id: t.id, name: t.name }));
      out.groups = evaluateSurveyResults({
        minGroupSize: survey.minGroupSize,
        questions: survey.questions.map(({ bankKey, ...q }) => ({
          ...q,
          higherIsWorse: bankKey === STRESS_ITEM_KEY,
          audienceTeamName: allTeams.find((t) => t.id === q.audienceTeamId)?.name ?? null,
        })),
        participation,
        rollups,
        allTeamIds: allTeams.map((t) => t.id),
        wanted,
        viewer: (await viewerPlaces(tx, ctx, [survey.id])).get(survey.id) ?? null,
      });

      for (const g of out.groups) {
        for (const q of g.questions) {
          if (q.type !== "text" || q.reason) continue;
          const rows = await tx.surveyAnswer.findMany({
            where: {
              organizationId: ctx.orgId,
              questionId: q.id,
              text: { not: null },
              response: { surveyId: survey.id, ...(g.id === ORG_TEAM_ID ? {} : { teamId: g.id }) },
            },
            select: { text: true },
          });
          q.comments = shuffle(rows.map((r) => r.text!.trim()).filter((t) => t.length > 0));
        }
      }
      return out;
    },
    // The worker closes surveys and announces the results: a reader following that notice must
    // not get "still open" from a replica that has not replayed the close yet.
    { recheck: (answer) => !answer.released },
  );
}
