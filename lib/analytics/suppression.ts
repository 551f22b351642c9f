// Which groups may be shown (docs/decisions.md (Anonymity and the minimum group)). Pure, so the property tests
// can throw random organisations at it.
//
// 1. Primary: a group with fewer than `min` respondents is hidden.
// 2. Secondary: the published total minus the visible groups is the remainder (people in no
//    attributed team plus every hidden group). A remainder of 1..min-1 people would give away a
//    small group's count and scores by subtraction, so visible groups are hidden too, smallest
//    first, until the remainder is 0 or at least `min`.
// A total below `min` is itself hidden, and so is every group inside it.
// 3. The viewer never counts toward a minimum that protects others: a group whose audience
//    includes the person looking (they were invited and attributed to it) is shown to them only
//    with `min` respondents besides them, so min + 1; the same for the total and for a remainder
//    that includes them. Otherwise a manager in a team of three who answered could subtract their
//    own answer from the team's figures and read the other two.

export type SuppressionReason = "below-minimum" | "complementary";

export type GroupCount = {
  id: string;
  /** Respondents of this group (or answers to one metric, for a per-metric decision). */
  n: number;
  /** Already hidden by an earlier decision (e.g. the group-level one for a metric's cells). */
  forced?: SuppressionReason;
};

export type Visibility = {
  totalVisible: boolean;
  /** Hidden groups and why; every other group is visible. */
  suppressed: Map<string, SuppressionReason>;
  /** Total minus the visible groups: 0 or at least `min` whenever the total is visible. */
  remainder: number;
};

/** Where the person looking sits in one round's audience: invited (so inside the total) and
 * attributed to `teamId` (null: to no team, or to one too small to be attributed). Null or absent:
 * not in the audience. */
export type ViewerPlace = { teamId: string | null } | null;

export function decideVisibility(input: {
  min: number;
  total: number;
  groups: readonly GroupCount[];
  viewer?: ViewerPlace;
}): Visibility {
  const { min, total, groups } = input;
  const viewer = input.viewer ?? null;
  const suppressed = new Map<string, SuppressionReason>();
  const needs = (id: string) => min + (viewer?.teamId === id ? 1 : 0);
  for (const g of groups) {
    if (g.forced) suppressed.set(g.id, g.forced);
    else if (g.n < needs(g.id)) suppressed.set(g.id, "below-minimum");
  }
  if (total < min) {
    for (const g of groups) if (!suppressed.has(g.id)) suppressed.set(g.id, "below-minimum");
    return { totalVisible: false, suppressed, remainder: total };
  }
  // A total of exactly `min` that includes the viewer is hidden from them; groups they are not in
  // may still show (each has the minimum of others).
  const totalVisible = total >= min + (viewer ? 1 : 0);
  // Smallest first (then by id, so the choice is deterministic): hides as little as possible.
  const visible = groups
    .filter((g) => !suppressed.has(g.id))
    .sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let remainder = total - visible.reduce((s, g) => s + g.n, 0);
  // The viewer is in the remainder unless their own group is shown.
  const remainderNeeds = () =>
    min +
    (viewer && !(viewer.teamId !== null && groups.some((g) => g.id === viewer.teamId) && !suppressed.has(viewer.teamId))
      ? 1
      : 0);
  let i = 0;
  while (remainder > 0 && remainder < remainderNeeds() && i < visible.length) {
    const g = visible[i++]!;
    suppressed.set(g.id, "complementary");
    remainder += g.n;
  }
  return { totalVisible, suppressed, remainder };
}

/** Comments identify people more easily than averages: they need at least 5 respondents
 * (docs/decisions.md (Anonymity and the minimum group)), and never fewer than the organisation's minimum group. */
const COMMENT_MIN_RESPONDENTS = 5;
export const commentMinimum = (minGroupSize: number) => Math.max(COMMENT_MIN_RESPONDENTS, minGroupSize);
