"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { ChevronDown } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";
import { cn } from "@/lib/utils/cn";
import { isLinkActive, isSectionActive, navItemsFor, type NavItem } from "@/components/shell/nav-items";
import { useShellPathname } from "@/components/shell/use-shell-pathname";
import { LinkPending } from "@/components/shell/link-pending";

type SidebarNavProps = {
  role: ShellUser["role"];
  /** Called after a link is chosen, so the mobile menu can close itself. */
  onNavigate?: () => void;
  /** Landmark name; the sidebar and the mobile menu are never visible together, so they may share it. */
  label?: string;
  className?: string;
};

const linkBase =
  "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
const linkIdle = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const linkActive = "bg-brand-50 text-brand-700";

/** The full navigation list: the md+ sidebar and the mobile slide-out menu both render it. */
export function SidebarNav({ role, onNavigate, label = "Main navigation", className }: SidebarNavProps) {
  const pathname = useShellPathname();
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-col gap-1">
        {navItemsFor(role).map((item) => (
          <li key={item.href}>
            <NavEntry item={item} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavEntry({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const listId = useId();
  const children = item.children ?? [];
  const sectionActive = isSectionActive(pathname, item);
  // Undefined until the user toggles: then the section simply follows the current page.
  const [userOpen, setUserOpen] = useState<boolean | undefined>(undefined);
  const open = userOpen ?? sectionActive;
  const active = isLinkActive(pathname, item);
  const Icon = item.icon;

  const link = (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={cn(
        linkBase,
        "flex-1",
        active ? linkActive : sectionActive ? "text-brand-700 hover:bg-slate-100" : linkIdle,
      )}
    >
      <LinkPending
        loadingText={item.loadingText}
        icon={<Icon aria-hidden="true" className="size-5 shrink-0" />}
        className="size-5"
      />
      {item.label}
    </Link>
  );
  if (children.length === 0) return link;

  return (
    <>
      <div className="flex items-center gap-1">
        {link}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${item.label} pages`}
          onClick={() => setUserOpen(!open)}
          className="flex size-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 transition-transform motion-reduce:transition-none", open && "rotate-180")}
          />
        </button>
      </div>
      <ul id={listId} hidden={!open} className="mt-1 ml-5 flex flex-col gap-1 border-l border-slate-200 pl-3">
        {children.map((child) => {
          const childActive = isLinkActive(pathname, child);
          return (
            <li key={child.href}>
              <Link
                href={child.href}
                onClick={onNavigate}
                aria-current={childActive ? "page" : undefined}
                className={cn(linkBase, "min-h-9 py-1.5 font-normal", childActive ? linkActive : linkIdle)}
              >
                {child.label}
                <LinkPending loadingText={child.loadingText} className="ml-auto size-4" />
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
