import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PERMISSION_MAP, ROLES, can, isRemovable, rolesWith, type Permission } from "@/lib/auth/permissions";
import { navItemsFor } from "@/components/shell/nav-items";
import { AccessRestricted } from "@/components/shell/access-restricted";
import type { Role } from "@/lib/generated/prisma/enums";

// docs/decisions.md (Roles and permissions), restated row by row as the roles each
// permission must grant. A permission added to the map must be added here with the row it serves,
// so a change to who may do what is always a deliberate change to this table too.
//
// | capability                                                     | admin  | manager        | employee |
// | dashboards, reports for the whole organisation                 | yes    | own teams only | no       |
// | users, teams, org chart, bulk import, email template, billing  | yes    | view           | no       |
// | send pulse / create custom surveys                             | yes    | no             | no       |
// | content library (organisation's own)                           | manage | read via coach | no       |
// | Boss Bot (AI coach)                                            | own    | own            | no       |
// | 1:1s                                                           | part.  | as manager     | as empl. |
const DECISIONS: Record<Permission, Role[]> = {
  "analytics.view": ["admin", "manager"],
  "analytics.organization": ["admin"],
  "people.view": ["admin", "manager"],
  "people.manage": ["admin"],
  "organization.view": ["admin", "manager"],
  "organization.manage": ["admin"],
  "billing.view": ["admin", "manager"],
  "billing.manage": ["admin"],
  "surveys.view": ["admin", "manager"],
  "surveys.send": ["admin"],
  "library.manage": ["admin"],
  "coach.use": ["admin", "manager"],
  "oneOnOnes.use": ["admin", "manager", "employee"],
  // The 1:1 rules (docs/decisions.md (Roles and permissions)): a manager schedules with their reports (admins with
  // anyone) and managers and admins keep the organisation's templates.
  "oneOnOnes.schedule": ["admin", "manager"],
  "oneOnOnes.templates": ["admin", "manager"],
  // Everyone sees the commitments made to them; managers plan for their own teams, admins for any.
  "plans.view": ["admin", "manager", "employee"],
  "plans.manage": ["admin", "manager"],
};

const KEYS = Object.keys(PERMISSION_MAP) as Permission[];

describe("the permission map", () => {
  it("grants exactly the roles of the decisions table, permission by permission", () => {
    expect([...KEYS].sort()).toEqual(Object.keys(DECISIONS).sort());
    for (const p of KEYS) expect({ p, roles: rolesWith(p) }).toEqual({ p, roles: DECISIONS[p] });
  });

  it("gives employees only 1:1s and commitments (no analytics, people, settings, surveys, library or Boss Bot)", () => {
    expect(KEYS.filter((p) => can("employee", p))).toEqual(["oneOnOnes.use", "plans.view"]);
  });

  it("lets managers view but never send, manage or see the whole organisation", () => {
    const held = KEYS.filter((p) => can("manager", p));
    // Action plans are the one thing a manager manages, and only for the teams they lead.
    expect(held.filter((p) => p.endsWith(".manage") || p.endsWith(".send") || p === "analytics.organization")).toEqual([
      "plans.manage",
    ]);
    expect(PERMISSION_MAP["plans.manage"].manager).toBe("own teams only");
    // Each thing a manager may only view has its manage counterpart held by admins alone.
    for (const area of ["people", "organization", "billing"] as const) {
      expect(can("manager", `${area}.view`)).toBe(true);
      expect(rolesWith(`${area}.manage`)).toEqual(["admin"]);
    }
  });

  it("gives admins everything", () => {
    expect(KEYS.filter((p) => !can("admin", p))).toEqual([]);
  });

  it("says what the Permissions tab shows in the decisions table's words", () => {
    expect(PERMISSION_MAP["analytics.view"].manager).toBe("own teams only");
    expect(PERMISSION_MAP["people.view"].manager).toBe("view");
    expect(PERMISSION_MAP["library.manage"].admin).toBe("manage");
    expect([PERMISSION_MAP["coach.use"].admin, PERMISSION_MAP["coach.use"].manager]).toEqual([
      "own chats",
      "own chats",
    ]);
    const oneOnOnes = PERMISSION_MAP["oneOnOnes.use"];
    expect([oneOnOnes.admin, oneOnOnes.manager, oneOnOnes.employee]).toEqual([
      "as participant only",
      "as manager",
      "as employee",
    ]);
  });

  it("answers for a role and for a signed-in context alike", () => {
    for (const role of ROLES) {
      const ctx = { orgId: "o", userId: "u", sessionId: "s", role };
      for (const p of KEYS) expect(can(ctx, p)).toBe(can(role, p));
    }
  });

  it("never lets an admin be removed (the note under the table)", () => {
    expect(ROLES.filter(isRemovable)).toEqual(["manager", "employee"]);
  });
});

// Every place that names a permission: the API wrapper's `permission: "..."`, requirePermission,
// can(...), rolesWith(...) and the pages' `permission="..."`. TypeScript checks these too; this
// keeps the promise when a name arrives in a string the compiler does not see (a test, a cast).
const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["lib", "app", "components", "proxy.ts"];
const USE = /(?:permission\s*[:=]\s*|requirePermission\([^,()]+,\s*|\bcan\([^,()]+,\s*|rolesWith\()"([A-Za-z.]+)"/g;

function sourceFiles(p: string): string[] {
  const abs = path.join(ROOT, p);
  try {
    return readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
      e.name === "generated" || e.name === "node_modules"
        ? []
        : e.isDirectory()
          ? sourceFiles(path.join(p, e.name))
          : /\.tsx?$/.test(e.name)
            ? [path.join(p, e.name)]
            : [],
    );
  } catch {
    return /\.tsx?$/.test(p) ? [p] : [];
  }
}

describe("permissions named in the code", () => {
  const uses = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), "utf8").matchAll(USE)].map((m) => ({ file, name: m[1]! })),
  );

  it("all exist in the map", () => {
    expect(uses.length).toBeGreaterThan(40);
    expect(uses.filter((u) => !(u.name in PERMISSION_MAP))).toEqual([]);
  });

  it("include the domain checks of every area", () => {
    const named = new Set(uses.map((u) => u.name));
    for (const p of [
      "analytics.view",
      "analytics.organization",
      "people.view",
      "people.manage",
      "organization.view",
      "organization.manage",
      "surveys.view",
      "surveys.send",
      "library.manage",
      "coach.use",
      "oneOnOnes.use",
      "oneOnOnes.schedule",
      "oneOnOnes.templates",
    ]) {
      expect(named.has(p), p).toBe(true);
    }
  });
});

describe("navigation by role", () => {
  const labels = (role: Role) => navItemsFor(role).flatMap((i) => [i.label, ...(i.children ?? []).map((c) => c.label)]);

  it("shows employees no Boss Bot, Pulse Overview, Reports, Content Library or Bulk Import", () => {
    expect(labels("employee")).toEqual(["Dashboard", "Surveys", "Commitments", "1-on-1s", "Settings"]);
  });

  it("shows managers Pulse Overview, Reports and Boss Bot, but not the admins' pages", () => {
    expect(labels("manager")).toEqual([
      "Dashboard",
      "Pulse Overview",
      "Reports",
      "Surveys",
      "Commitments",
      "1-on-1s",
      "Boss Bot",
      "Settings",
    ]);
  });

  it("shows admins everything", () => {
    expect(labels("admin")).toEqual([
      "Dashboard",
      "Pulse Overview",
      "Reports",
      "Surveys",
      "Commitments",
      "1-on-1s",
      "Boss Bot",
      "Settings",
      "Bulk Import",
      "Content Library",
    ]);
  });

  it("gives the phone tab bar 5 to 7 entries", () => {
    expect(ROLES.map((r) => navItemsFor(r).length)).toEqual([7, 6, 5]);
  });
});

describe("Access Restricted", () => {
  const render = (feature: string, permission: Permission) =>
    renderToStaticMarkup(createElement(AccessRestricted, { feature, permission }));

  it("names the roles that may use the page, from the map", () => {
    expect(render("Pulse Overview", "analytics.view")).toContain("Pulse Overview is for admins and managers.");
    expect(render("Bulk Import", "people.manage")).toContain("Bulk Import is for admins.");
    const html = render("Boss Bot", "coach.use");
    expect(html).toContain("Access Restricted</h1>");
    expect(html).not.toContain("under development");
  });

  it("is a page's h1, or an h2 under a page that has its own (a Settings section)", () => {
    expect(
      renderToStaticMarkup(
        createElement(AccessRestricted, {
          feature: "Billing & Subscription",
          permission: "billing.manage",
          headingLevel: "h2",
        }),
      ),
    ).toMatch(/<h2[^>]*>Access Restricted<\/h2>/);
  });
});
