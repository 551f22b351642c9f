"use client";

import { useId } from "react";
import { ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ChartLeader } from "@/lib/people/org-chart-tree";
import { cn } from "@/lib/utils/cn";
import { KindIcon, kindBorder } from "./org-chart-kinds";
import { PersonList } from "./org-chart-people";
import { childListClass, leaderKey, useChartState } from "./org-chart-state";
import { plural } from "@/lib/format";
import { TeamNode } from "./org-chart-team";

const ROLE_LABEL = { admin: "Admin", manager: "Manager", employee: "Employee" } as const;

function summary(l: ChartLeader): string {
  const parts = [
    l.teams.length ? plural(l.teams.length, "team") : "",
    l.leaders.length ? plural(l.leaders.length, "leader") : "",
    l.directReports.length ? plural(l.directReports.length, "direct report") : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "No teams or reports";
}

/** A row that opens and closes what is below it; a real button so keyboard and screen readers get it for free. */
export function DisclosureRow({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cn(
        "flex w-full min-w-0 items-center gap-2 rounded-lg p-2 text-left transition-colors hover:bg-slate-50 sm:p-3",
        className,
      )}
    >
      <ChevronRight
        aria-hidden="true"
        className={cn("size-4 shrink-0 text-slate-500 transition-transform", open && "rotate-90")}
      />
      {children}
    </button>
  );
}

export function LeaderNode({ leader }: { leader: ChartLeader }) {
  const { isOpen, toggle } = useChartState();
  const childrenId = useId();
  const { person, teams, leaders, directReports } = leader;
  const hasChildren = teams.length + leaders.length + directReports.length > 0;
  const open = hasChildren && isOpen(leaderKey(person.id));
  const label = (
    <>
      <KindIcon kind="leader" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900" title={person.name}>
          {person.name}
        </span>
        <span className="block truncate text-xs text-slate-500">{summary(leader)}</span>
      </span>
      <Badge variant="outline">{ROLE_LABEL[person.role]}</Badge>
    </>
  );
  return (
    <li>
      <div className={cn("rounded-lg border bg-white", kindBorder("leader"))}>
        {hasChildren ? (
          <DisclosureRow open={open} controls={childrenId} onToggle={() => toggle(leaderKey(person.id))}>
            {label}
          </DisclosureRow>
        ) : (
          // Nothing to open: the same layout, with the chevron's place kept so names line up.
          <div className="flex min-w-0 items-center gap-2 p-2 sm:p-3">
            <span aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </div>
        )}
      </div>
      {open ? (
        <ul id={childrenId} className={childListClass}>
          {teams.map((t) => (
            <TeamNode key={t.id} team={t} />
          ))}
          {leaders.map((l) => (
            <LeaderNode key={l.person.id} leader={l} />
          ))}
          {directReports.length ? (
            <li className="rounded-lg border border-dashed border-slate-200 bg-white p-2 sm:p-3">
              <p className="mb-1 text-xs font-medium text-slate-500">Direct reports</p>
              <PersonList people={directReports} emptyText="" />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
