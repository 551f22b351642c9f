import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { loadRounds, loadTeams, type LoadedRound } from "@/lib/analytics/load";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import {
  measureCheckBack,
  type EffectDto,
  type HappenedDto,
  type MeasuredQuestion,
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

/** The round's scale questions on the dimension (the stress item reversed, as the rollups score it). */
async function dimensionQuestions(tx: Tx, orgId: string, surveyId: string, dimension: string) {
  const rows = await tx.surveyQuestion.findMany({
    where: { organizationId: orgId, surveyId, dimension, type: "scale" },
    select: { id: true, bankKey: true },
    orderBy: { order: "asc" },
  });
  return rows.map((q): MeasuredQuestion => ({ id: q.id, reversed: q.bankKey === STRESS_ITEM_KEY }));
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
): Promise<{ round: RoundRows; questions: MeasuredQuestion[] } | null> {
  const [round] = await loadRounds(tx, ctx, { ids: [surveyId], kind: "pulse" });
  if (!round) return null;
  const questions = await dimensionQuestions(tx, ctx.orgId, surveyId, dimension);
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

/** The latest closed pulse round that measured the dimension and closed at or before `closedAt`. */
async function latestMeasuringRound(tx: Tx, orgId: string, dimension: string, closedAt: Date) {
  const row = await tx.surveyRollup.findFirst({
    where: {
      organizationId: orgId,
      teamId: ORG_GROUP,
      metric: dimension,
      n: { gt: 0 },
      survey: { kind: "pulse", status: "closed", sentAt: { not: null }, closedAt: { not: null, lte: closedAt } },
    },
    orderBy: [{ survey: { sentAt: "desc" } }, { surveyId: "desc" }],
    select: { surveyId: true },
  });
  return row?.surveyId ?? null;
}

/**
 * Each check-back's result by its id. Runs in the caller's organisation transaction (getPlan).
 * Treated group: the plan's team (or the organisation): its dimension in the baseline round, and
 * the check-back's score question. Comparison: every other team without a published or finished
 * plan on the dimension whose cells show in both the baseline round and the latest pulse round
 * that measured the dimension by the check-back's close (an organisation plan has none).
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

  const teamIds = (await loadTeams(tx, ctx.orgId)).map((t) => t.id);
  const baseline = plan.baselineSurveyId ? await pulseRound(tx, ctx, plan.baselineSurveyId, plan.dimension) : null;
  let comparisonCandidates: string[] = [];
  if (plan.teamId !== null) {
    const acting = await tx.actionPlan.findMany({
      where: {
        organizationId: ctx.orgId,
        dimension: plan.dimension,
        status: { in: ["published", "done"] },
        teamId: { not: null },
      },
      select: { teamId: true },
    });
    const excluded = new Set([plan.teamId, ...acting.map((p) => p.teamId)]);
    comparisonCandidates = teamIds.filter((id) => !excluded.has(id));
  }

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
          select: { id: true, bankKey: true },
        })
      : null;
    const happenedQuestionId = c.happenedQuestionId;
    const cbRound = await withQuestionRollups(
      tx,
      ctx.orgId,
      cbLoaded,
      [score?.id, happenedQuestionId].filter((id): id is string => !!id),
    );

    let comparisonAfter: { round: RoundRows; questions: MeasuredQuestion[] } | null = null;
    if (baseline && comparisonCandidates.length > 0) {
      const laterId = await latestMeasuringRound(tx, ctx.orgId, plan.dimension, survey.closedAt!);
      // The same round as the baseline (or an earlier one) measures no change over the weeks.
      if (laterId && laterId !== baseline.round.id) {
        const later = await pulseRound(tx, ctx, laterId, plan.dimension);
        if (later && later.round.sentAt > baseline.round.sentAt) comparisonAfter = later;
      }
    }

    const measured = measureCheckBack({
      dimension: plan.dimension,
      teamId: plan.teamId,
      teamIds,
      comparisonCandidates,
      baseline,
      checkBack: {
        round: cbRound,
        score: score ? { id: score.id, reversed: score.bankKey === STRESS_ITEM_KEY } : null,
        happenedQuestionId,
      },
      comparisonAfter,
    });
    const missing = measured.effect === null || (happenedQuestionId !== null && measured.happened === null);
    out.set(c.id, { ...measured, reason: missing ? "not-enough-answers" : null });
  }
  return out;
}
