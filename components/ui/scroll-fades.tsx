"use client";

import { useCallback, useEffect, useState } from "react";
import { cn } from "@/lib/utils/cn";

type Edges = { start: boolean; end: boolean };

/**
 * Whether a row that scrolls sideways has more to show on either side, kept current as it scrolls
 * and resizes. Give the returned ref to the element that scrolls; its parent needs `relative` for the fades.
 */
export function useScrollEdges<T extends HTMLElement>(): [ref: (el: T | null) => void, edges: Edges] {
  const [el, setEl] = useState<T | null>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  useEffect(() => {
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const next = { start: el.scrollLeft > 1, end: el.scrollLeft < max - 1 };
      setEdges((e) => (e.start === next.start && e.end === next.end ? e : next));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [el]);
  const ref = useCallback((node: T | null) => setEl(node), []);
  return [ref, edges];
}

/** The cue that a row scrolls: a fade over the edge that hides more, and only there. `className`
 * names the colour it fades from (the background behind the row: `from-slate-50`). */
export function ScrollFades({ start, end, className }: Edges & { className: string }) {
  const fade = "pointer-events-none absolute inset-y-0 w-8 to-transparent transition-opacity";
  return (
    <>
      <div
        aria-hidden="true"
        className={cn(fade, "left-0 bg-linear-to-r", start ? "opacity-100" : "opacity-0", className)}
      />
      <div
        aria-hidden="true"
        className={cn(fade, "right-0 bg-linear-to-l", end ? "opacity-100" : "opacity-0", className)}
      />
    </>
  );
}
