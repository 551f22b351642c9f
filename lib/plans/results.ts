import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";

/** What a check-back measured for the plan's scope, on the 0-10 scale with one decimal. */
export type EffectDto = {
  surveyId: string;
  baseline: number;
  after: number;
  change: number;
  comparisonChange: number | null;
  estimate: number | null;
  interval: [number, number] | null;
  n: { before: number; after: number };
  comparisonTeams: number;
};
/** "Did this action happen?": respondents and the percentage of each answer. */
export type HappenedDto = { n: number; yes: number; partly: number; no: number };
export type ResultReason = "not-sent-yet" | "open" | "not-enough-answers";
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

export async function checkBackResults(
  _tx: Tx,
  _ctx: AuthContext,
  _plan: PlanForResults,
  checkBacks: CheckBackRow[],
): Promise<Map<string, CheckBackResult>> {
  return new Map(
    checkBacks.map((c) => [c.id, { effect: null, happened: null, reason: c.sentAt ? "open" : "not-sent-yet" }]),
  );
}
