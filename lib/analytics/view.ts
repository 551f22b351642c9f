// The cells a viewer's scope may add up, round by round, and the participation over them.
import { evaluateRound, ORG_GROUP, type GroupCell, type RoundInput } from "@/lib/analytics/rounds";
import type { Scope } from "@/lib/analytics/scope";
import type { SuppressionReason } from "@/lib/analytics/suppression";

/** The organisation's cell (admins) or the viewer's teams' cells (managers) of one round.
 * allTeamIds: every team, since a team's visibility depends on its siblings. */
export function scopeCells(scope: Scope, round: RoundInput, allTeamIds: readonly string[]): GroupCell[] {
  if (scope.orgWide) return [evaluateRound(round, []).org];
  const view = evaluateRound(round, allTeamIds);
  return scope.teams.map((t) => view.teams.get(t.id)!);
}

/** One group in one round with how many of it were invited, shown or not. A hidden cell carries
 * no counts (rounds.ts); its invitations are the group's members at the time, which admins and
 * the team's manager already see, so they may count. */
export type InvitedCell = { roundId: string; cell: GroupCell; invited: number };

/** The group's invitations in one round, from the round's participation rows. */
export const invitedIn = (round: Pick<RoundInput, "participation">, groupId: string): number =>
  round.participation.find((p) => p.teamId === groupId)?.invited ?? 0;

/** The viewer's scope's cells of one round with their invitations (see scopeCells). */
export function scopeInvitedCells(scope: Scope, round: RoundInput, allTeamIds: readonly string[]): InvitedCell[] {
  const cells = scopeCells(scope, round, allTeamIds);
  const groups = scope.orgWide ? [ORG_GROUP] : scope.teams.map((t) => t.id);
  return cells.map((cell, i) => ({ roundId: round.id, cell, invited: invitedIn(round, groups[i]!) }));
}

/** Why a period's hidden rounds are hidden: one reason when they share it. */
type HiddenRoundsReason = SuppressionReason | "mixed";

/** Participation over a period, counting every round the group was invited to, shown or not. */
export type ParticipationFigure = {
  /** Answers in the shown rounds over invitations in every round, whole percent. A hidden round's
   * answers are not shown, so they count as none: with hidden rounds the rate is a floor (`atLeast`)
   * and gives away nothing about who answered them. Null when no round could be shown. */
  rate: number | null;
  atLeast: boolean;
  /** Rounds with at least one invitation in the group. */
  rounds: number;
  /** Of those, rounds where some of the group's figures were hidden for anonymity. */
  hiddenRounds: number;
  hiddenReason: HiddenRoundsReason | null;
};

export function participationOver(cells: readonly InvitedCell[]): ParticipationFigure {
  const rounds = new Set<string>();
  const hiddenRounds = new Set<string>();
  const reasons = new Set<SuppressionReason>();
  let invited = 0;
  let responded = 0;
  let visible = 0;
  for (const { roundId, cell, invited: inv } of cells) {
    if (inv <= 0) continue;
    rounds.add(roundId);
    invited += inv;
    if (cell.reason) {
      hiddenRounds.add(roundId);
      reasons.add(cell.reason);
      continue;
    }
    visible++;
    responded += cell.responded;
  }
  return {
    rate: visible > 0 && invited > 0 ? Math.round((responded / invited) * 100) : null,
    atLeast: visible > 0 && hiddenRounds.size > 0,
    rounds: rounds.size,
    hiddenRounds: hiddenRounds.size,
    hiddenReason: reasons.size === 0 ? null : reasons.size === 1 ? [...reasons][0]! : "mixed",
  };
}
