import type { ShellUser } from "@/lib/auth/shell-user";
import { can, type Permission } from "@/lib/auth/permissions";

export type SettingsSection = {
  href: string;
  /** The section's name in the settings navigation and its page heading (the product's labels). */
  label: string;
  /** Shown only to roles holding it (the one permission map); the page asks again. */
  permission?: Permission;
  /** The line under the section's heading. */
  description?: string;
  /** The section's element id (its anchor on the old single Settings page, kept for deep links). */
  anchor: string;
};

// Order is the order on screen. Every role has an account; the rest follow the permission map as
// the single Settings page did (admins manage, managers view, employees only their account).
const SETTINGS_SECTIONS = [
  { href: "/settings", label: "Your account", anchor: "account" },
  {
    href: "/settings/email",
    label: "Email Settings",
    permission: "organization.view",
    anchor: "email-settings",
    description: "The invitation e-mail sent with each survey.",
  },
  {
    href: "/settings/schedule",
    label: "Survey Schedule",
    permission: "organization.view",
    anchor: "survey-schedule",
    description: "When the weekly pulse goes out.",
  },
  {
    href: "/settings/anonymity",
    label: "Anonymity",
    permission: "organization.view",
    anchor: "anonymity",
    description: "The smallest group whose survey results are shown.",
  },
  {
    href: "/settings/users",
    label: "User Management",
    permission: "people.view",
    anchor: "user-management",
    description: "People, teams and how they report.",
  },
  {
    href: "/settings/billing",
    label: "Billing & Subscription",
    permission: "billing.view",
    anchor: "billing",
    description: "Plan, seats and what is included.",
  },
] as const satisfies readonly SettingsSection[];

/** The sections this role may open, in order. */
export function settingsSectionsFor(role: ShellUser["role"]): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((s: SettingsSection) => !s.permission || can(role, s.permission));
}

/** The section a path belongs to: its own page, or a page under it (exact for the account page). */
export function activeSettingsSection(
  pathname: string,
  sections: readonly SettingsSection[],
): SettingsSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return sections.find((s) =>
    s.href === "/settings" ? path === s.href : path === s.href || path.startsWith(`${s.href}/`),
  );
}

/** User Management's tabs, each with its own address (/settings/users?tab=teams). */
const USER_MANAGEMENT_TABS = ["users", "teams", "org-chart", "permissions"] as const;
export type UserManagementTab = (typeof USER_MANAGEMENT_TABS)[number];

/** The tab a ?tab= value names; anything else (missing, repeated, unknown) opens Users. */
export function userManagementTab(value: string | string[] | undefined): UserManagementTab {
  return USER_MANAGEMENT_TABS.find((t) => t === value) ?? "users";
}

export type SettingsHref = (typeof SETTINGS_SECTIONS)[number]["href"];

/** One section by its address. */
export const settingsSection = (href: SettingsHref): SettingsSection => SETTINGS_SECTIONS.find((s) => s.href === href)!;
