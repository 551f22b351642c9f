// The cells a viewer's scope may add up, round by round.
import { evaluateRound, type GroupCell, type RoundInput } from "@/lib/analytics/rounds";
import type { Scope } from "@/lib/analytics/scope";

/** The organisation's cell (admins) or the viewer's teams' cells (managers) of one round.
 * allTeamIds: every team, since a team's visibility depends on its siblings. */
export function scopeCells(scope: Scope, round: RoundInput, allTeamIds: readonly string[]): GroupCell[] {
  if (scope.orgWide) return [evaluateRound(round, []).org];
  const view = evaluateRound(round, allTeamIds);
  return scope.teams.map((t) => view.teams.get(t.id)!);
}
