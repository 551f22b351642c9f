import type { Role } from "@/lib/generated/prisma/enums";

/**
 * The one permission map: docs/decisions.md (Roles and permissions), as data. The API
 * wrapper, the action wrapper, domain functions, pages and the navigation all ask `can(...)`, and
 * the Permissions tab renders this same table, so what users are told cannot drift from what the
 * server enforces. A grant is the text the Permissions tab shows; null means the role may not.
 * (Client-safe: pure data, no server imports.)
 */
type Grant = string | null;
type Entry = { capability: string; admin: Grant; manager: Grant; employee: Grant };

export const PERMISSION_MAP = {
  /** Dashboard, Pulse Overview, reports, rankings, survey results and comments. The scope (whole
   * organisation or the teams one leads) is decided by "analytics.organization". */
  "analytics.view": {
    capability: "Dashboards, Pulse Overview, reports and survey results",
    admin: "yes",
    manager: "own teams only",
    employee: null,
  },
  "analytics.organization": {
    capability: "Results for the whole organisation",
    admin: "yes",
    manager: null,
    employee: null,
  },
  "people.view": { capability: "See users, teams and the org chart", admin: "yes", manager: "view", employee: null },
  "people.manage": {
    capability: "Manage users, teams, the org chart and bulk import",
    admin: "yes",
    manager: null,
    employee: null,
  },
  "organization.view": {
    capability: "See the invitation e-mail, anonymity and pulse schedule settings",
    admin: "yes",
    manager: "view",
    employee: null,
  },
  "organization.manage": {
    capability: "Change the invitation e-mail and anonymity settings",
    admin: "yes",
    manager: null,
    employee: null,
  },
  "billing.view": { capability: "See billing", admin: "yes", manager: "view", employee: null },
  "billing.manage": { capability: "Manage billing", admin: "yes", manager: null, employee: null },
  "surveys.view": {
    capability: "See the organisation's surveys",
    admin: "yes",
    manager: "own teams only",
    employee: null,
  },
  "surveys.send": {
    capability: "Send pulse / create custom surveys (schedule, close, delivery)",
    admin: "yes",
    manager: null,
    employee: null,
  },
  "library.manage": {
    capability: "Content library (organisation's own)",
    admin: "manage",
    manager: null,
    employee: null,
  },
  "coach.use": { capability: "Boss Bot (AI coach)", admin: "own chats", manager: "own chats", employee: null },
  "oneOnOnes.use": { capability: "1:1s", admin: "as participant only", manager: "as manager", employee: "as employee" },
  "oneOnOnes.schedule": {
    capability: "Schedule 1:1s",
    admin: "with anyone",
    manager: "with direct reports",
    employee: null,
  },
  "oneOnOnes.templates": { capability: "1:1 agenda templates", admin: "manage", manager: "manage", employee: null },
  /** Commitments: the published action plans one may see (lib/plans/access.ts decides which). */
  "plans.view": {
    capability: "Commitments (published action plans)",
    admin: "every plan",
    manager: "own teams' and the organisation's",
    employee: "own team's and the organisation's",
  },
  "plans.manage": {
    capability: "Plan actions on results",
    admin: "any team or the organisation",
    manager: "own teams only",
    employee: null,
  },
} as const satisfies Record<string, Entry>;

export type Permission = keyof typeof PERMISSION_MAP;

export const ROLES: readonly Role[] = ["admin", "manager", "employee"];

/** Whether a role (or a signed-in context's role) may do this. */
export function can(who: Role | { role: Role }, permission: Permission): boolean {
  const role = typeof who === "string" ? who : who.role;
  return PERMISSION_MAP[permission][role] !== null;
}

/** The roles granted a permission, for tests and documentation. */
export const rolesWith = (permission: Permission): Role[] => ROLES.filter((r) => can(r, permission));

/** The note 'Admins cannot be deleted from the list', as the one rule both the users list (whether
 * to offer Remove) and deleteUser (which refuses) ask, so the two agree. */
export const isRemovable = (role: Role): boolean => role !== "admin";

/** Rules that hold beside the table, shown under it on the Permissions tab. */
export const PERMISSION_NOTES = [
  "Nobody, admins included, can read another person's coach conversations or a 1:1 they are not part of.",
  "Admins cannot be deleted from the list, and an organisation always keeps at least one admin.",
  "Employees answer surveys through their personal link; nobody can see who answered what.",
  "Managers read the organisation's content library only through Boss Bot, which also draws on a built-in library of leadership frameworks.",
] as const;
