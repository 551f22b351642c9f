// Which questions a weekly pulse round asks (docs/decisions.md (Surveys and rounds)): five scale questions, every
// dimension back at least every four weeks (every three, see below), eNPS once a month, one
// optional comment. Pure: the
// round's local date decides everything, so any process computes the same round.
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

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(date: string): { y: number; m: number; d: number } {
  const match = DATE.exec(date);
  if (!match) throw new Error(`rotation: not a YYYY-MM-DD date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/** The week number of a local date (days since 1970-01-01 over 7). Rounds a week apart differ by
 * exactly one, whichever weekday the organisation sends on. */
export function roundNumberOf(date: string): number {
  const { y, m, d } = parseDate(date);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS / 7);
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

/** The questions of the pulse round sent on a local date, ready for createSurvey. */
export function pulseQuestions(input: { roundDate: string; companyName: string }): SurveyQuestionSpec[] {
  const n = roundNumberOf(input.roundDate);
  return roundItems(n, asksEnps(input.roundDate)).map((item) => ({
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
