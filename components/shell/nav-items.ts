import { Bot, ClipboardList, Handshake, LayoutDashboard, Library, Settings, type LucideIcon } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";

export type NavLink = {
  href: string;
  label: string;
  /** Other path prefixes that belong to this entry (pages reached from it), for highlighting. */
  matches?: readonly string[];
  /** Shown only to admins of the organisation (decisions.md: no hard-coded accounts). */
  adminOnly?: boolean;
};

export type NavItem = NavLink & {
  icon: LucideIcon;
  /** Shorter label for the mobile tab bar. */
  shortLabel?: string;
  /** Secondary pages, listed under the entry in the sidebar and the mobile menu. */
  children?: readonly NavLink[];
};

// Order is the order on screen. The tab bar shows every top-level item (5, or 6 for admins).
export const NAV_ITEMS: readonly NavItem[] = [
  {
    href: "/",
    label: "Dashboard",
    icon: LayoutDashboard,
    children: [
      { href: "/pulse", label: "Pulse Overview" },
      { href: "/reports", label: "Reports" },
    ],
  },
  { href: "/surveys", label: "Surveys", icon: ClipboardList },
  { href: "/one-on-one", label: "1-on-1s", icon: Handshake, matches: ["/one-on-one-prep", "/one-on-one-meeting"] },
  { href: "/ai-coach", label: "Boss Bot", icon: Bot },
  {
    href: "/settings",
    label: "Settings",
    icon: Settings,
    children: [{ href: "/bulk-import", label: "Bulk Import", adminOnly: true }],
  },
  { href: "/admin/content-library", label: "Content Library", shortLabel: "Content", icon: Library, adminOnly: true },
];

/** The entries this role may see, with admin-only children removed too. */
export function navItemsFor(role: ShellUser["role"]): NavItem[] {
  const allowed = (l: NavLink) => !l.adminOnly || role === "admin";
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
