"use client";

import { useCallback, useMemo, useState } from "react";
import { ChevronsDownUp, ChevronsUpDown, Network } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { hasStructure, type ChartLeader, type OrgChart } from "@/lib/people/org-chart-tree";
import { OrgChartLegend } from "./org-chart-kinds";
import { GroupNode } from "./org-chart-group";
import { LeaderNode } from "./org-chart-leader";
import { PersonList } from "./org-chart-people";
import { ChartStateContext, leaderKey, TEAMLESS_KEY, UNPLACED_KEY, type ChartState } from "./org-chart-state";
import { plural } from "@/lib/format";
import { TeamNode } from "./org-chart-team";

function allLeaderKeys(roots: ChartLeader[]): string[] {
  const keys: string[] = [];
  const walk = (l: ChartLeader) => {
    keys.push(leaderKey(l.person.id));
    l.leaders.forEach(walk);
  };
  roots.forEach(walk);
  return keys;
}

// Roots open one level, teams closed. The two groups are top level too, so they start open.
const initialOpen = (chart: OrgChart) =>
  new Set([...chart.roots.map((r) => leaderKey(r.person.id)), TEAMLESS_KEY, UNPLACED_KEY]);

export function OrgChartView({ chart, minGroupSize }: { chart: OrgChart; minGroupSize: number }) {
  const [open, setOpen] = useState<Set<string>>(() => initialOpen(chart));
  const leaderKeys = useMemo(() => allLeaderKeys(chart.roots), [chart.roots]);

  const toggle = useCallback((key: string) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  // Expand All opens leaders and groups but leaves team member lists as they are: opening ~100 teams
  // at once would put thousands of names in the page for no one's benefit.
  const expandAll = () => setOpen((prev) => new Set([...prev, ...leaderKeys, TEAMLESS_KEY, UNPLACED_KEY]));
  const collapseAll = () => setOpen(new Set());
  const state = useMemo<ChartState>(
    () => ({ isOpen: (key) => open.has(key), toggle, minGroupSize }),
    [open, toggle, minGroupSize],
  );

  const { roots, teamsWithoutManager, unplaced } = chart;
  if (!hasStructure(chart)) {
    return (
      <EmptyState
        icon={Network}
        title="No Organization Structure"
        description="Add teams, and set who reports to whom, to see your organisation's structure here."
      />
    );
  }

  return (
    <ChartStateContext value={state}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <OrgChartLegend />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={expandAll}>
              <ChevronsUpDown aria-hidden="true" />
              Expand All
            </Button>
            <Button variant="outline" size="sm" onClick={collapseAll}>
              <ChevronsDownUp aria-hidden="true" />
              Collapse All
            </Button>
          </div>
        </div>
        <ul aria-label="Organisation chart" className="space-y-2">
          {roots.map((r) => (
            <LeaderNode key={r.person.id} leader={r} />
          ))}
          {teamsWithoutManager.length ? (
            <GroupNode
              groupKey={TEAMLESS_KEY}
              title="Teams without a manager"
              count={plural(teamsWithoutManager.length, "team")}
            >
              {teamsWithoutManager.map((t) => (
                <TeamNode key={t.id} team={t} />
              ))}
            </GroupNode>
          ) : null}
          {unplaced.length ? (
            <GroupNode
              groupKey={UNPLACED_KEY}
              title="Not yet placed"
              count={`${plural(unplaced.length, "person", "people")} without a team or manager`}
              list={false}
            >
              <PersonList people={unplaced} emptyText="" />
            </GroupNode>
          ) : null}
        </ul>
      </div>
    </ChartStateContext>
  );
}
