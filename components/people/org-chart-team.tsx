"use client";

import { useId } from "react";
import { AnonymityBadge } from "@/components/people/anonymity-badge";
import { Button } from "@/components/ui/button";
import type { ChartTeam } from "@/lib/people/org-chart-tree";
import { cn } from "@/lib/utils/cn";
import { KindIcon, kindBorder } from "./org-chart-kinds";
import { PersonList } from "./org-chart-people";
import { teamKey, useChartState } from "./org-chart-state";
import { plural } from "@/lib/format";

export function TeamNode({ team }: { team: ChartTeam }) {
  const { isOpen, toggle, minGroupSize } = useChartState();
  const panelId = useId();
  const open = isOpen(teamKey(team.id));
  return (
    <li>
      <div
        className={cn(
          "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-white p-2 sm:p-3",
          kindBorder("team"),
        )}
      >
        <div className="flex min-w-0 flex-1 basis-40 items-center gap-2">
          <KindIcon kind="team" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900" title={team.name}>
              {team.name}
            </p>
            <p className="text-xs text-slate-500">{plural(team.size, "member")}</p>
          </div>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <AnonymityBadge members={team.size} minGroupSize={minGroupSize} />
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => toggle(teamKey(team.id))}
          >
            {open ? "Hide Details" : "View Team"}
            <span className="sr-only">: {team.name}</span>
          </Button>
        </div>
      </div>
      {/* Members are only in the DOM while open: a closed chart of 2,000 people stays a few hundred nodes. */}
      {open ? (
        <div id={panelId} className="mt-2 ml-3 border-l border-slate-200 pl-3 sm:ml-4 sm:pl-4">
          <PersonList people={team.members} emptyText="No members yet" />
        </div>
      ) : null}
    </li>
  );
}
