import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { loadRounds, loadTeams, type LoadedRound } from "@/lib/analytics/load";
import { canSeeTeam } from "@/lib/analytics/scope";
import { latestMeasuringRound } from "@/lib/plans/baseline";
import { contributions } from "@/lib/surveys/scoring";
import {
  measureCheckBack,
  type EffectDto,
  type HappenedDto,
  type MeasuredQuestion,
  type MeasureInput,
  type ResultReason,
  type RoundRows,
} from "@/lib/plans/effect";

export type { EffectDto, HappenedDto, ResultReason } from "@/lib/plans/effect";

// What each check-back of a plan measured, as the person looking may see it (docs/decisions.md
// (Acting on results)): read from the rollups of closed surveys only (results are released at
// close), every figure decided by the rounds' own suppression with the viewer's place in each
// (effect.ts). A check-back not sent yet, or whose survey is still open, says so instead.

/** effect and happened: null when hidden or not measured; reason: why a figure is missing (null
 * when both show, and for a check-back that was skipped). */
export type CheckBackResult = { effect: EffectDto | null; happened: HappenedDto | null; reason: ResultReason | null };

/** The plan fields the results need. */
export type PlanForResults = {
  id: string;
  dimension: string;
  teamId: string | null;
  baselineSurveyId: string | null;
  status: string;
};
export type CheckBackRow = {
  id: string;
  ordinal: number;
  dueAt: Date;
  status: string;
  surveyId: string | null;
  scoreQuestionId: string | null;
  happenedQuestionId: string | null;
  sentAt: Date | null;
};

const nothing = (reason: ResultReason | null): CheckBackResult => ({ effect: null, happened: null, reason });

/** Whether a scale question scores the dimension reversed (the wellness stress item), decided as
 * the rollups decide it (contributions()), whatever dimension the question itself carries. */
function measured(id: string, bankKey: string | null, dimension: string): MeasuredQuestion {
  const scored = contributions({ type: "scale", bankKey, dimension }, 1).find((c) => c.metric === dimension);
  return { id, reversed: scored !== undefined && scored.score !== 0 };
}

/** The round's scale questions on the dimension asked of everyone; only those with `bankKey` when
 * the round asks it (the same question as the check-back's), else all of them. */
async function dimensionQuestions(tx: Tx, orgId: string, surveyId: string, dimension: string, bankKey: string | null) {
  const rows = await tx.surveyQuestion.findMany({
    where: { organizationId: orgId, surveyId, dimension, type: "scale", audienceTeamId: null },
    select: { id: true, bankKey: true },
    orderBy: { order: "asc" },
  });
  const same = rows.filter((q) => bankKey !== null && q.bankKey === bankKey);
  return (same.length > 0 ? same : rows).map((q) => measured(q.id, q.bankKey, dimension));
}

async function withQuestionRollups(
  tx: Tx,
  orgId: string,
  round: LoadedRound,
  questionIds: readonly string[],
): Promise<RoundRows> {
  const questions =
    questionIds.length === 0
      ? []
      : await tx.surveyQuestionRollup.findMany({
          where: { organizationId: orgId, surveyId: round.id, questionId: { in: [...questionIds] } },
          select: { teamId: true, questionId: true, n: true, counts: true },
        });
  return { ...round, questions };
}

/** A closed pulse round with its questions on the dimension and their rollups. */
async function pulseRound(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  surveyId: string,
  dimension: string,
  bankKey: string | null,
): Promise<{ round: RoundRows; questions: MeasuredQuestion[] } | null> {
  const [round] = await loadRounds(tx, ctx, { ids: [surveyId], kind: "pulse" });
  if (!round) return null;
  const questions = await dimensionQuestions(tx, ctx.orgId, surveyId, dimension, bankKey);
  return {
    round: await withQuestionRollups(
      tx,
      ctx.orgId,
      round,
      questions.map((q) => q.id),
    ),
    questions,
  };
}

/**
 * Each check-back's result by its id. Runs in the caller's organisation transaction (getPlan).
 * One instrument throughout: the check-back's score question is the baseline round's own question
 * for the dimension (same bank item), so "before" is that question in the baseline round and
 * "after" that question in the check-back's survey. Treated group: the plan's team (or the
 * organisation). Comparison: every other team without a plan on the dimension published by the
 * check-back's close whose cells show in both rounds (and none or at least two of them out of the
 * viewer's sight: lib/plans/effect.ts): "after" from the same question in the same pulse
 * round (asked of everyone there); for a check-back sent alone (to the team only), from the
 * latest pulse round that measured the dimension by the check-back's close. An organisation plan
 * has no comparison.
 */
export async function checkBackResults(
  tx: Tx,
  ctx: AuthContext,
  plan: PlanForResults,
  checkBacks: readonly CheckBackRow[],
): Promise<Map<string, CheckBackResult>> {
  const out = new Map<string, CheckBackResult>();
  const sent: CheckBackRow[] = [];
  for (const c of checkBacks) {
    if (c.status === "scheduled") out.set(c.id, nothing("not-sent-yet"));
    // Skipped: the plan's team was too small to be reported on alone when the check-back fell
    // due, so nobody was asked (checkback-send.ts), or the plan was dropped.
    else if (c.status === "skipped")
      out.set(c.id, nothing(c.surveyId || plan.status !== "dropped" ? "team-too-small" : null));
    else if (c.status !== "sent" || !c.surveyId) out.set(c.id, nothing(null));
    else sent.push(c);
  }
  if (sent.length === 0) return out;

  const surveys = await tx.survey.findMany({
    where: { organizationId: ctx.orgId, id: { in: sent.map((c) => c.surveyId!) } },
    select: { id: true, status: true, closedAt: true },
  });
  const surveyById = new Map(surveys.map((s) => [s.id, s]));
  const closed = sent.filter((c) => {
    const s = surveyById.get(c.surveyId!);
    if (s?.status === "closed" && s.closedAt) return true;
    out.set(c.id, nothing(s ? "open" : null));
    return false;
  });
  if (closed.length === 0) return out;

  const teams = await loadTeams(tx, ctx.orgId);
  const teamIds = teams.map((t) => t.id);
  const seenTeamIds = new Set(teams.filter((t) => canSeeTeam(ctx, t)).map((t) => t.id));
  // Teams that acted on the dimension: any plan on it published (whatever became of it since).
  const acting =
    plan.teamId === null
      ? []
      : await tx.actionPlan.findMany({
          where: {
            organizationId: ctx.orgId,
            dimension: plan.dimension,
            publishedAt: { not: null },
            teamId: { not: null },
          },
          select: { teamId: true, publishedAt: true },
        });
  // The comparison teams of a check-back are fixed once it closes: those with no plan on the
  // dimension published by then. Publishing, dropping or finishing a plan later changes nothing,
  // so nobody can move a team in or out of a closed result's comparison to difference it out.
  const candidatesAt = (closedAt: Date): string[] => {
    if (plan.teamId === null) return [];
    const excluded = new Set([plan.teamId, ...acting.filter((p) => p.publishedAt! <= closedAt).map((p) => p.teamId)]);
    return teamIds.filter((id) => !excluded.has(id));
  };

  for (const c of closed) {
    const survey = surveyById.get(c.surveyId!)!;
    const [cbLoaded] = await loadRounds(tx, ctx, { ids: [survey.id] });
    if (!cbLoaded) {
      out.set(c.id, nothing("not-enough-answers"));
      continue;
    }
    const score = c.scoreQuestionId
      ? await tx.surveyQuestion.findFirst({
          where: { organizationId: ctx.orgId, surveyId: survey.id, id: c.scoreQuestionId, type: "scale" },
          select: { id: true, bankKey: true, audienceTeamId: true },
        })
      : null;
    const bankKey = score?.bankKey ?? null;
    const baseline = plan.baselineSurveyId
      ? await pulseRound(tx, ctx, plan.baselineSurveyId, plan.dimension, bankKey)
      : null;
    const happenedQuestionId = c.happenedQuestionId;
    const cbRound = await withQuestionRollups(
      tx,
      ctx.orgId,
      cbLoaded,
      [score?.id, happenedQuestionId].filter((id): id is string => !!id),
    );

    const comparisonCandidates = candidatesAt(survey.closedAt!);
    let comparisonAfter: MeasureInput["comparisonAfter"] = null;
    // Asked of everyone in a pulse round: the comparison teams answered the very same question.
    if (score && score.audienceTeamId === null && cbLoaded.meta.kind === "pulse") comparisonAfter = "check-back";
    else if (baseline && comparisonCandidates.length > 0) {
      const laterId = await latestMeasuringRound(tx, ctx.orgId, plan.dimension, survey.closedAt!);
      // The same round as the baseline (or an earlier one) measures no change over the weeks.
      if (laterId && laterId !== baseline.round.id) {
        const later = await pulseRound(tx, ctx, laterId, plan.dimension, bankKey);
        if (later && later.round.sentAt > baseline.round.sentAt) comparisonAfter = later;
      }
    }

    const result = measureCheckBack({
      dimension: plan.dimension,
      teamId: plan.teamId,
      teamIds,
      comparisonCandidates,
      seenTeamIds,
      baseline,
      checkBack: {
        round: cbRound,
        score: score ? measured(score.id, score.bankKey, plan.dimension) : null,
        happenedQuestionId,
      },
      comparisonAfter,
    });
    const missing = result.effect === null || (happenedQuestionId !== null && result.happened === null);
    out.set(c.id, { ...result, reason: !baseline ? "no-baseline" : missing ? "not-enough-answers" : null });
  }
  return out;
}
