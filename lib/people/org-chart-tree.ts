// Builds the org chart from flat people and teams. Pure, so it is unit-tested without a database.
import type { Role } from "@/lib/generated/prisma/enums";

export type ChartPersonInput = {
  id: string;
  name: string;
  role: Role;
  teamId: string | null;
  managerId: string | null;
};
/** What a node shows of a person: the chart goes to the browser whole, so nothing more. */
export type ChartPerson = { id: string; name: string; role: Role };
export type ChartTeamInput = { id: string; name: string; managerId: string | null };

/** `size` counts everyone whose team it is, its leaders included (as the Teams tab and survey
 * group sizes do); `members` lists the employees shown under it (leaders have their own node). */
export type ChartTeam = { id: string; name: string; size: number; members: ChartPerson[] };
export type ChartLeader = {
  person: ChartPerson;
  teams: ChartTeam[];
  leaders: ChartLeader[];
  directReports: ChartPerson[];
};
export type OrgChart = {
  /** Top-level admins and managers (those without a manager; also those whose manager is gone or an
   * employee) and everything below them; then one leader per reporting cycle, since a cycle has no top
   * and its teams would otherwise look leaderless. */
  roots: ChartLeader[];
  /** Teams nobody leads, with their members. */
  teamsWithoutManager: ChartTeam[];
  /** People placed nowhere above: no team in the tree, no leader in the tree. */
  unplaced: ChartPerson[];
  total: number;
};

const isLeader = (p: ChartPersonInput) => p.role !== "employee";
const slim = ({ id, name, role }: ChartPersonInput): ChartPerson => ({ id, name, role });
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Every person appears exactly once: an admin or manager as a leader node (never also as a team member,
 * which a manager's own team or an admin's team would otherwise cause), an employee in their team, else
 * under the leader they report to, else in `unplaced`. Old or imported rows may hold reporting cycles or
 * managers that no longer exist, so none of this trusts the data to be a tree.
 */
export function buildOrgChart(people: ChartPersonInput[], teams: ChartTeamInput[]): OrgChart {
  const byId = new Map(people.map((p) => [p.id, p]));
  const teamIds = new Set(teams.map((t) => t.id));
  // Only leader nodes hold people, so someone reporting to an employee hangs under nobody.
  const bossOf = (p: ChartPersonInput): ChartPersonInput | undefined => {
    const boss = p.managerId ? byId.get(p.managerId) : undefined;
    return boss && isLeader(boss) ? boss : undefined;
  };

  const sorted = [...people].sort(byName);
  const membersOf = new Map<string, ChartPersonInput[]>();
  const leadersUnder = new Map<string, ChartPersonInput[]>();
  const reportsOf = new Map<string, ChartPersonInput[]>();
  const unplaced: ChartPersonInput[] = [];
  for (const p of sorted) {
    const boss = bossOf(p);
    if (isLeader(p)) {
      if (boss) push(leadersUnder, boss.id, p);
    } else if (p.teamId && teamIds.has(p.teamId)) push(membersOf, p.teamId, p);
    else if (boss) push(reportsOf, boss.id, p);
    else unplaced.push(p);
  }
  const teamsLedBy = new Map<string, ChartTeamInput[]>();
  for (const t of [...teams].sort(byName)) {
    const manager = t.managerId ? byId.get(t.managerId) : undefined;
    if (manager && isLeader(manager)) push(teamsLedBy, manager.id, t);
  }

  const sizeOf = new Map<string, number>();
  for (const p of people) if (p.teamId) sizeOf.set(p.teamId, (sizeOf.get(p.teamId) ?? 0) + 1);
  const placed = new Set<string>();
  const placedTeams = new Set<string>();
  const team = (t: ChartTeamInput): ChartTeam => {
    placedTeams.add(t.id);
    return { id: t.id, name: t.name, size: sizeOf.get(t.id) ?? 0, members: (membersOf.get(t.id) ?? []).map(slim) };
  };
  // Depth-first; `placed` stops a reporting cycle from looping.
  const leader = (p: ChartPersonInput): ChartLeader => {
    placed.add(p.id);
    const leaders: ChartLeader[] = [];
    for (const r of leadersUnder.get(p.id) ?? []) if (!placed.has(r.id)) leaders.push(leader(r));
    return {
      person: slim(p),
      teams: (teamsLedBy.get(p.id) ?? []).map(team),
      leaders,
      directReports: (reportsOf.get(p.id) ?? []).map(slim),
    };
  };

  const leaderList = sorted.filter(isLeader);
  const roots = leaderList.filter((p) => !bossOf(p)).map(leader);
  // Whoever is left sits in or below a cycle: walk up to a person on the cycle and start there.
  for (const p of leaderList) {
    if (placed.has(p.id)) continue;
    const seen = new Set<string>();
    let top = p;
    while (!seen.has(top.id)) {
      seen.add(top.id);
      const boss = bossOf(top);
      if (!boss || placed.has(boss.id)) break;
      top = boss;
    }
    roots.push(leader(top));
  }
  const teamsWithoutManager = teams
    .filter((t) => !placedTeams.has(t.id))
    .sort(byName)
    .map(team);
  return { roots, teamsWithoutManager, unplaced: unplaced.map(slim), total: people.length };
}

/** Whether there is a structure to draw: a team, or someone reporting to someone. A new workspace
 * has only its admin, a lone leader, which the chart shows as 'No Organization Structure'. */
export function hasStructure(chart: OrgChart): boolean {
  const branches = (l: ChartLeader): boolean =>
    l.teams.length > 0 || l.leaders.length > 0 || l.directReports.length > 0;
  return chart.teamsWithoutManager.length > 0 || chart.roots.some(branches);
}
