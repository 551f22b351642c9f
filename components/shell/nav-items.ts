import { Bot, ClipboardList, Flag, Handshake, LayoutDashboard, Library, Settings, type LucideIcon } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";
import { can, type Permission } from "@/lib/auth/permissions";

export type NavLink = {
  href: string;
  label: string;
  /** Said while a navigation to it waits for the server (the product's 'Loading dashboard...' and
   * 'Loading reports...'; pages render their data before the first byte, see the (app) layout). */
  loadingText: string;
  /** Other path prefixes that belong to this entry (pages reached from it), for highlighting. */
  matches?: readonly string[];
  /** Shown only to roles holding it (the one permission map; no hard-coded accounts: docs/decisions.md
   * (Roles and permissions)). Without it every signed-in role sees the entry. The page decides again. */
  permission?: Permission;
};

export type NavItem = NavLink & {
  icon: LucideIcon;
  /** Shorter label for the mobile tab bar. */
  shortLabel?: string;
  /** Secondary pages, listed under the entry in the sidebar and the mobile menu. */
  children?: readonly NavLink[];
};

// Order is the order on screen. The tab bar shows every top-level item the role may use: 7 for
// admins, 6 for managers (no Content Library), 5 for employees (no Boss Bot either).
const NAV_ITEMS: readonly NavItem[] = [
  {
    href: "/",
    label: "Dashboard",
    loadingText: "Loading dashboard...",
    // "Dashboard" is cut short in a seventh of a phone's width (an admin's tab bar).
    shortLabel: "Home",
    icon: LayoutDashboard,
    children: [
      {
        href: "/pulse",
        label: "Pulse Overview",
        loadingText: "Loading pulse results...",
        permission: "analytics.view",
      },
      { href: "/reports", label: "Reports", loadingText: "Loading reports...", permission: "analytics.view" },
    ],
  },
  { href: "/surveys", label: "Surveys", loadingText: "Loading surveys...", icon: ClipboardList },
  {
    href: "/commitments",
    label: "Commitments",
    loadingText: "Loading commitments...",
    // Likewise "Commitments".
    shortLabel: "Plans",
    icon: Flag,
    permission: "plans.view",
  },
  {
    href: "/one-on-one",
    label: "1-on-1s",
    loadingText: "Loading 1:1 meetings...",
    icon: Handshake,
    matches: ["/one-on-one-prep", "/one-on-one-meeting"],
    permission: "oneOnOnes.use",
  },
  { href: "/ai-coach", label: "Boss Bot", loadingText: "Loading Boss Bot...", icon: Bot, permission: "coach.use" },
  {
    href: "/settings",
    label: "Settings",
    loadingText: "Loading settings...",
    icon: Settings,
    children: [
      {
        href: "/bulk-import",
        label: "Bulk Import",
        loadingText: "Loading bulk import...",
        permission: "people.manage",
      },
    ],
  },
  {
    href: "/admin/content-library",
    label: "Content Library",
    loadingText: "Loading the content library...",
    shortLabel: "Content",
    icon: Library,
    permission: "library.manage",
  },
];

/** The entries this role may use, with the children it may not use removed too. */
export function navItemsFor(role: ShellUser["role"]): NavItem[] {
  const allowed = (l: NavLink) => !l.permission || can(role, l.permission);
  return NAV_ITEMS.filter(allowed).map((item) => ({ ...item, children: item.children?.filter(allowed) }));
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  // "/" would prefix everything, so the dashboard only matches itself.
  if (prefix === "/") return pathname === "/";
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** True when the current path is this link's page (or one of its own sub-pages). */
export function isLinkActive(pathname: string, link: NavLink): boolean {
  return [link.href, ...(link.matches ?? [])].some((p) => matchesPrefix(pathname, p));
}

/** True when the path is the item itself or any of its children: used for tab bar highlighting. */
export function isSectionActive(pathname: string, item: NavItem): boolean {
  return isLinkActive(pathname, item) || (item.children ?? []).some((c) => isLinkActive(pathname, c));
}
