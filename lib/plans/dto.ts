// What the action plan routes and pages hand to the browser. Client-safe: types and plain
// constants only, no server code.
import type { DimensionKey } from "@/lib/surveys/dimensions";
import type { EffectDto, HappenedDto, ResultReason } from "@/lib/plans/results";

export type PlanStatus = "draft" | "published" | "done" | "dropped";
export type PlanVisibility = "team" | "organization";

/** The dimension's score (0-10, one decimal) and respondents for the plan's scope in the round the
 * baseline was taken from; null when that group was too small to show or nothing measured it. */
export type BaselineDto = { score: number; n: number; surveyId: string };

type PersonRefDto = { id: string; name: string };

export type PlanSummaryDto = {
  id: string;
  title: string;
  dimension: DimensionKey;
  dimensionLabel: string;
  /** Null: the whole organisation. */
  team: { id: string; name: string } | null;
  owner: PersonRefDto;
  /** A calendar day, YYYY-MM-DD. */
  dueAt: string;
  visibility: PlanVisibility;
  status: PlanStatus;
  publishedAt: string | null;
  createdAt: string;
  progress: { done: number; total: number };
  /** Whether the person looking may edit, publish or end it. */
  canManage: boolean;
};

export type PlanStepDto = {
  id: string;
  title: string;
  owner: PersonRefDto | null;
  /** A calendar day, YYYY-MM-DD, or none. */
  dueAt: string | null;
  done: boolean;
  doneAt: string | null;
  /** Whether the person looking may tick it (a plan manager, or the step's own owner). */
  canMark: boolean;
};

export type CheckBackDto = {
  id: string;
  /** 1, 2, 3: 30, 60 and 90 days after publishing. */
  ordinal: number;
  dueAt: string;
  status: string;
  sentAt: string | null;
  effect: EffectDto | null;
  happened: HappenedDto | null;
  reason: ResultReason | null;
};

export type PlanDetailDto = PlanSummaryDto & {
  steps: PlanStepDto[];
  /** With the viewer rule applied: hidden (null) from a person who was in that group of the round
   * when it would not reach the minimum without them. */
  baseline: BaselineDto | null;
  /** When the baseline was taken: the plan's creation as the product saw it. */
  baselineAt: string | null;
  closedAt: string | null;
  checkBacks: CheckBackDto[];
  /** Of the latest check-back with a result; else null, with the next one's reason. */
  effect: EffectDto | null;
  happened: HappenedDto | null;
  reason: ResultReason | null;
  canMarkSteps: boolean;
};

export type CreatedPlanDto = { id: string; status: "draft"; baseline: BaselineDto | null };
export type PublishedPlanDto = { status: "published"; checkBacks: { dueAt: string }[] };

/** Days after publishing at which the three check-backs fall due. */
export const CHECK_BACK_DAYS = [30, 60, 90] as const;
