"use client";

import { useId } from "react";
import { CircleDashed } from "lucide-react";
import { DisclosureRow } from "./org-chart-leader";
import { childListClass, useChartState } from "./org-chart-state";

/** 'Teams without a manager' and 'Not yet placed': top-level folders, not one of the legend's node kinds. */
export function GroupNode({
  groupKey,
  title,
  count,
  children,
  list = true,
}: {
  groupKey: string;
  title: string;
  count: string;
  children: React.ReactNode;
  list?: boolean;
}) {
  const { isOpen, toggle } = useChartState();
  const childrenId = useId();
  const open = isOpen(groupKey);
  return (
    <li>
      <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50">
        <DisclosureRow open={open} controls={childrenId} onToggle={() => toggle(groupKey)}>
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-slate-500"
          >
            <CircleDashed className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-slate-900">{title}</span>
            <span className="block truncate text-xs text-slate-500">{count}</span>
          </span>
        </DisclosureRow>
      </div>
      {open ? (
        list ? (
          <ul id={childrenId} className={childListClass}>
            {children}
          </ul>
        ) : (
          <div id={childrenId} className={childListClass}>
            {children}
          </div>
        )
      ) : null}
    </li>
  );
}
