"use client";

import { useId } from "react";
import { ArrowRight } from "lucide-react";
import { useScrollEdges } from "@/components/ui/scroll-fades";
import { cn } from "@/lib/utils/cn";

const SHADOW = "pointer-events-none absolute inset-y-px z-20 w-6 transition-opacity motion-reduce:transition-none";

/**
 * The heatmap's box that scrolls sideways, with the cue that it does: a line 'Scroll sideways for
 * more columns' and a shadow over the edge that hides columns, both only while something is out of
 * view. The left shadow starts right of the sticky team column (`stickyWidth`), which never
 * scrolls away. Focusable and labelled, so the arrow keys scroll it.
 */
export function HeatmapScroll({
  label,
  stickyWidth,
  children,
}: {
  label: string;
  stickyWidth: string;
  children: React.ReactNode;
}) {
  const [ref, edges] = useScrollEdges<HTMLDivElement>();
  const hintId = useId();
  const overflowing = edges.start || edges.end;
  return (
    <div>
      {/* Always there, empty until needed: the table never moves when the cue appears. */}
      <p
        id={hintId}
        className="mb-1.5 flex min-h-5 items-center justify-end gap-1 text-xs text-slate-600"
        data-testid="heatmap-scroll-hint"
      >
        {overflowing ? (
          <>
            {edges.end ? "Scroll sideways for more columns" : "Scroll back for the first columns"}
            <ArrowRight aria-hidden="true" className={cn("size-3.5", edges.end ? "" : "rotate-180")} />
          </>
        ) : null}
      </p>
      <div className="relative">
        {/* relative: the cells' screen-reader texts (absolutely positioned) are clipped by this box
            instead of widening the page; only this box scrolls sideways. */}
        <div
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={overflowing ? hintId : undefined}
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          {children}
        </div>
        <div
          aria-hidden="true"
          data-testid="heatmap-shadow-start"
          data-shown={edges.start}
          style={{ left: stickyWidth }}
          className={cn(
            SHADOW,
            "bg-linear-to-r from-slate-900/15 to-transparent",
            edges.start ? "opacity-100" : "opacity-0",
          )}
        />
        <div
          aria-hidden="true"
          data-testid="heatmap-shadow-end"
          data-shown={edges.end}
          className={cn(
            SHADOW,
            "right-px rounded-r-xl bg-linear-to-l from-slate-900/15 to-transparent",
            edges.end ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
    </div>
  );
}
