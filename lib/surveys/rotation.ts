// Which questions a weekly pulse round asks (docs/decisions.md (Surveys and rounds)): five scale questions, every
// dimension back at least every four weeks (every three, see below), eNPS once a month, one
// optional comment. Pure: the round's ordinal (how many pulse rounds the organisation had before
// it) picks the rotating dimensions and its local date the eNPS question, so any process computes
// the same round.
import { CULTURE_DIMENSIONS, ENGAGEMENT_DIMENSION, type DimensionKey } from "@/lib/surveys/dimensions";
import {
  COMMENT_ITEMS,
  ENPS_ITEM,
  STRESS_ITEM,
  enpsText,
  scaleItemsOf,
  type BankItem,
  type BankScaleItem,
} from "@/lib/surveys/question-bank";
import type { SurveyQuestionSpec } from "@/lib/surveys/send";
import { formatDate } from "@/lib/format";

/** Rotating dimensions asked each round, besides engagement and the stress item. */
const ROTATING_PER_ROUND = 3;

// Wellness is asked every round through the stress item (its score reversed), so the rotation
// walks the nine other culture dimensions: three a round, all nine in every three consecutive
// rounds. Three, not four: a weekly round stays open a week and results are released at close,
// so a four-week view always holds three closed rounds (the fourth is still open), and each of
// those views must show every dimension. Ordered so that one round mixes themes (people, work,
// self) rather than asking three related ones together.
const ROTATION: readonly DimensionKey[] = [
  "recognition",
  "alignment",
  "happiness",
  "relationship_with_manager",
  "personal_growth",
  "ambassadorship",
  "relationship_with_peers",
  "satisfaction",
  "feedback",
];
const EVERY_ROUND: readonly DimensionKey[] = [STRESS_ITEM.dimension];
if (
  ROTATION.length + EVERY_ROUND.length !== CULTURE_DIMENSIONS.length ||
  !CULTURE_DIMENSIONS.every((d) => ROTATION.includes(d) !== EVERY_ROUND.includes(d)) ||
  ROTATION.length % ROTATING_PER_ROUND !== 0
) {
  throw new Error("rotation.ts: every culture dimension is rotated or asked every round, exactly once");
}

/** How many consecutive rounds ask every dimension at least once. */
export const ROUNDS_PER_CYCLE = ROTATION.length / ROTATING_PER_ROUND;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(date: string): { y: number; m: number; d: number } {
  const match = DATE.exec(date);
  if (!match) throw new Error(`rotation: not a YYYY-MM-DD date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/** The first round of each calendar month asks the eNPS question: with weekly rounds exactly one
 * falls on days 1-7. */
export function asksEnps(date: string): boolean {
  return parseDate(date).d <= 7;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

function rotatingItems(dimension: DimensionKey): BankScaleItem[] {
  // The stress item is asked every round on its own; wellness rotates through its other items.
  return scaleItemsOf(dimension).filter((q) => q.bankKey !== STRESS_ITEM.bankKey);
}

/** The bank items of round n, in the order asked. */
function roundItems(n: number, withEnps: boolean): BankItem[] {
  const engagement = rotatingItems(ENGAGEMENT_DIMENSION);
  const items: BankItem[] = [engagement[mod(n, engagement.length)]!];
  for (let j = 0; j < ROTATING_PER_ROUND; j++) {
    // Position p walks the rotation three steps a round; the k-th time a dimension comes back
    // (k = p div 9) it asks its next item.
    const p = n * ROTATING_PER_ROUND + j;
    const dimension = ROTATION[mod(p, ROTATION.length)]!;
    const pool = rotatingItems(dimension);
    items.push(pool[mod(Math.floor(p / ROTATION.length), pool.length)]!);
  }
  items.push(STRESS_ITEM);
  if (withEnps) items.push(ENPS_ITEM);
  items.push(COMMENT_ITEMS[mod(n, COMMENT_ITEMS.length)]!);
  return items;
}

/**
 * The questions of a pulse round, ready for createSurvey. `roundNumber` is the round's ordinal in
 * the organisation (0 for its first pulse round): numbering by position rather than by week keeps
 * every three consecutive rounds asking every dimension even when a 'Send Now' round and the
 * scheduled one fall in the same week, or the send weekday moves.
 */
export function pulseQuestions(input: {
  roundNumber: number;
  roundDate: string;
  companyName: string;
}): SurveyQuestionSpec[] {
  if (!Number.isSafeInteger(input.roundNumber) || input.roundNumber < 0)
    throw new Error(`rotation: not a round number: ${input.roundNumber}`);
  return roundItems(input.roundNumber, asksEnps(input.roundDate)).map((item) => ({
    type: item.type,
    text: item.type === "enps" ? enpsText(input.companyName) : item.text,
    // Scale and eNPS answers are the round's measure; the comment is optional.
    isRequired: item.type !== "text",
    bankKey: item.bankKey,
    dimension: item.dimension,
  }));
}

/** 'Weekly Pulse – 24 Nov 2026' */
export function pulseTitle(roundDate: string): string {
  const { y, m, d } = parseDate(roundDate);
  const label = formatDate(Date.UTC(y, m - 1, d), "dayMonthYear", "UTC");
  return `Weekly Pulse – ${label}`;
}
