"use client";

import { useEffect, useRef } from "react";
import { ScrollFades, useScrollEdges } from "@/components/ui/scroll-fades";
import Link from "next/link";
import { useShellPathname } from "@/components/shell/use-shell-pathname";
import { activeSettingsSection, type SettingsSection } from "@/components/settings/sections";
import { cn } from "@/lib/utils/cn";

/**
 * The settings sections: a side list on desktop, one scrollable row on a phone (no wrapping, so
 * it never takes more than a line), faded at the edge that hides more sections so the row reads
 * as one that scrolls rather than one cut off. Tab moves through the sections and the browser
 * scrolls the focused one into view. The server passes only the sections the role may open.
 */
export function SettingsNav({ sections }: { sections: readonly SettingsSection[] }) {
  const pathname = useShellPathname();
  const active = activeSettingsSection(pathname, sections);
  const currentRef = useRef<HTMLAnchorElement>(null);
  const [scrollerRef, edges] = useScrollEdges<HTMLElement>();
  // On a phone the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active]);
  return (
    <div className="relative -mx-4 mb-6 sm:-mx-6 md:-mx-8 lg:mx-0 lg:mb-0">
      <nav
        ref={scrollerRef}
        aria-label="Settings"
        className="overflow-x-auto px-4 sm:px-6 md:px-8 lg:overflow-visible lg:px-0"
      >
        <ul className="flex w-max gap-1 rounded-lg bg-slate-100 p-1 lg:w-full lg:flex-col lg:bg-transparent lg:p-0">
          {sections.map((s) => {
            const current = s === active;
            return (
              <li key={s.href}>
                <Link
                  href={s.href}
                  ref={current ? currentRef : undefined}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex min-h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 lg:min-h-10",
                    current
                      ? "bg-white text-slate-900 shadow-sm lg:bg-brand-50 lg:text-brand-700 lg:shadow-none"
                      : "lg:hover:bg-slate-100",
                  )}
                >
                  {s.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ScrollFades start={edges.start} end={edges.end} className="from-slate-50 lg:hidden" />
    </div>
  );
}
