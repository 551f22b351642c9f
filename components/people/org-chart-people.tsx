"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ChartPerson } from "@/lib/people/org-chart-tree";
import { KindIcon } from "./org-chart-kinds";

/** Enough to scan a team; a department of hundreds renders only on request, so one click stays fast. */
const PEOPLE_CAP = 50;

export function PersonList({ people, emptyText }: { people: ChartPerson[]; emptyText: string }) {
  const [showAll, setShowAll] = useState(false);
  if (people.length === 0) return <p className="py-1 pl-1 text-sm text-slate-500">{emptyText}</p>;
  const shown = showAll ? people : people.slice(0, PEOPLE_CAP);
  return (
    <div>
      <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {shown.map((p) => (
          <li key={p.id} className="flex min-w-0 items-center gap-2 py-0.5 text-sm text-slate-800">
            <KindIcon kind="member" small />
            <span className="truncate" title={p.name}>
              {p.name}
            </span>
          </li>
        ))}
      </ul>
      {shown.length < people.length ? (
        <Button variant="link" size="sm" className="mt-1 px-1" onClick={() => setShowAll(true)}>
          Show all {people.length}
        </Button>
      ) : null}
    </div>
  );
}
