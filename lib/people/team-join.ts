import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { displayName, safeName } from "@/lib/mail/safe-name";

export type TeamJoin = { userId: string; teamId: string };

/** The notice's title: 'Eva Reed joined Customer Success', or for several at once
 * 'Eva Reed, Tom Hill and 3 others joined Customer Success'. */
export function teamJoinTitle(names: readonly string[], team: string): string {
  if (names.length <= 1) return `${names[0] ?? "Someone"} joined ${team}`;
  if (names.length === 2) return `${names[0]} and ${names[1]} joined ${team}`;
  const rest = names.length - 2;
  return `${names[0]}, ${names[1]} and ${rest} ${rest === 1 ? "other" : "others"} joined ${team}`;
}

function group<T>(list: readonly T[], keyOf: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const k = keyOf(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * Tells everyone already in a team, and its manager, who joined it: a team's survey results count
 * everyone in it, so its members are the ones who can notice a colleague they do not know. The
 * one helper for every way into a team (added with a team, moved by an edit, bulk import), in the
 * caller's transaction. People joining in the same batch are not told about each other: none of
 * them has activated yet, and a large import would otherwise write one notice per pair.
 */
export async function notifyTeamJoins(tx: Tx, orgId: string, joins: readonly TeamJoin[]): Promise<number> {
  if (joins.length === 0) return 0;
  const joinerIds = [...new Set(joins.map((j) => j.userId))];
  const teamIds = [...new Set(joins.map((j) => j.teamId))];
  const [teams, joiners, members] = await Promise.all([
    tx.team.findMany({
      where: { organizationId: orgId, id: { in: teamIds } },
      select: { id: true, name: true, managerId: true },
    }),
    tx.user.findMany({
      where: { organizationId: orgId, id: { in: joinerIds } },
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    tx.user.findMany({
      where: { organizationId: orgId, teamId: { in: teamIds }, id: { notIn: joinerIds } },
      select: { id: true, teamId: true },
    }),
  ]);
  const nameOf = new Map(joiners.map((u) => [u.id, displayName(u.firstName, u.lastName, u.email)]));
  const rows: { organizationId: string; userId: string; type: string; title: string; message: string }[] = [];
  const joined = new Set(joinerIds);
  const namesByTeam = group(joins, (j) => j.teamId);
  const membersByTeam = group(members, (m) => m.teamId ?? "");
  for (const team of teams) {
    const names = (namesByTeam.get(team.id) ?? []).flatMap((j) =>
      nameOf.has(j.userId) ? [nameOf.get(j.userId)!] : [],
    );
    if (names.length === 0) continue;
    const recipients = new Set((membersByTeam.get(team.id) ?? []).map((m) => m.id));
    if (team.managerId && !joined.has(team.managerId)) recipients.add(team.managerId);
    // A team named before names were checked may hold a link or a line break: the notice then
    // says "your team" instead of carrying it.
    const teamName = safeName(team.name) ?? "your team";
    const title = teamJoinTitle(names, teamName).slice(0, 200);
    const message = `Everyone in ${teamName} counts toward its survey results. If you do not know ${names.length === 1 ? "this person" : "these people"}, tell your administrator.`;
    for (const userId of recipients)
      rows.push({ organizationId: orgId, userId, type: "team_member_joined", title, message: message.slice(0, 2000) });
  }
  if (rows.length > 0) await tx.notification.createMany({ data: rows });
  return rows.length;
}
