"use client";

import Link from "next/link";
import type { ShellUser } from "@/lib/auth/shell-user";
import { cn } from "@/lib/utils/cn";
import { isLinkActive, isSectionActive, navItemsFor } from "@/components/shell/nav-items";
import { useShellPathname } from "@/components/shell/use-shell-pathname";
import { LinkPending } from "@/components/shell/link-pending";

// Literal class names, so Tailwind generates them: one column per entry the role may use.
const COLUMNS: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-2",
  3: "grid-cols-3",
  4: "grid-cols-4",
  5: "grid-cols-5",
  6: "grid-cols-6",
  7: "grid-cols-7",
};

/** The bottom tab bar below md: one column per top-level entry the role may use (5 to 7). */
export function MobileTabBar({ role }: { role: ShellUser["role"] }) {
  const pathname = useShellPathname();
  const items = navItemsFor(role);
  return (
    <nav
      aria-label="Tab bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className={cn("grid", COLUMNS[items.length] ?? "grid-cols-7")}>
        {items.map((item) => {
          const active = isSectionActive(pathname, item);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                // "page" only on the entry's own page; its sub-pages mark it as the current section.
                aria-current={isLinkActive(pathname, item) ? "page" : active ? "true" : undefined}
                className={cn(
                  "flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[11px] leading-tight font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
                  active ? "text-brand-700" : "text-slate-600 hover:text-slate-900",
                )}
              >
                <LinkPending
                  loadingText={item.loadingText}
                  icon={<Icon aria-hidden="true" className={cn("size-5", active && "text-brand-600")} />}
                  className="size-5"
                />
                <span className="max-w-full truncate">{item.shortLabel ?? item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
