// Direct access to the e2e server's database (the embedded PostgreSQL that `npm start` runs for
// DATA_DIR=.data/e2e), to make a second organisation and its data for cross-tenant tests.
import { readFileSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashPassword } from "@/lib/auth/password";
import { deriveAppUrl } from "@/lib/config/database-urls";
import { E2E_DATA_DIR } from "../../../playwright.config";

const dataDir = path.resolve(E2E_DATA_DIR);
let client: PrismaClient | undefined;

export function e2eDb(): PrismaClient {
  if (!client) {
    const pw = readFileSync(path.join(dataDir, "pg-superuser-password"), "utf8").trim();
    const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    const port = readFileSync(path.join(dataDir, "pg-port"), "utf8").trim();
    const owner = `postgresql://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}/pulsewell`;
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: deriveAppUrl(owner, secret) }) });
  }
  return client;
}

export const PASSWORD = "Victim-pass-2026";

export type Workspace = {
  orgId: string;
  subdomain: string;
  admin: { id: string; email: string };
  manager: { id: string; email: string };
  employee: { id: string; email: string };
  /** A team led by the manager, with the employee in it. */
  team: { id: string; name: string };
  notificationId: string;
};

/** A fresh organisation with an admin, a manager leading a team with an employee in it, and an
 * unread notification for the admin. */
export async function createWorkspace(prefix = "ws"): Promise<Workspace> {
  const orgId = randomUUID();
  const subdomain = `${prefix}${randomBytes(4).toString("hex")}`;
  const passwordHash = await hashPassword(PASSWORD);
  return runInOrg(e2eDb(), orgId, async (tx) => {
    // Verified, like the workspaces that existed before signup verification: its mail goes out.
    await tx.organization.create({
      data: { id: orgId, subdomain, name: `Company ${subdomain}`, maxUsers: 10, emailVerifiedAt: new Date() },
    });
    // Activated (a password set), as people who sign in are: surveys go only to activated accounts.
    const base = { organizationId: orgId, passwordHash, passwordSetAt: new Date(), lastName: "Tester" };
    const admin = await tx.user.create({
      data: { ...base, firstName: "Ada", email: `admin@${subdomain}.example`, role: "admin" },
      select: { id: true, email: true },
    });
    const manager = await tx.user.create({
      data: { ...base, firstName: "Max", email: `max@${subdomain}.example`, role: "manager", managerId: admin.id },
      select: { id: true, email: true },
    });
    const team = await tx.team.create({
      data: { organizationId: orgId, name: `Team ${subdomain}`, managerId: manager.id },
      select: { id: true, name: true },
    });
    const employee = await tx.user.create({
      data: {
        ...base,
        firstName: "Eve",
        email: `eve@${subdomain}.example`,
        role: "employee",
        teamId: team.id,
        managerId: manager.id,
      },
      select: { id: true, email: true },
    });
    const n = await tx.notification.create({
      data: {
        organizationId: orgId,
        userId: admin.id,
        type: "generic",
        title: `Secret of ${subdomain}`,
        message: "Only for Ada",
        actionUrl: "/settings",
        actionText: "Open",
      },
      select: { id: true },
    });
    return { orgId, subdomain, admin, manager, employee, team, notificationId: n.id };
  });
}

/** Employees in the workspace's team (reporting to its manager), who can sign in with PASSWORD;
 * e-mails `{first name}@{subdomain}.example`. */
export async function addTeamColleagues(ws: Workspace, firstNames: readonly string[]): Promise<{ email: string }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  return runInOrg(e2eDb(), ws.orgId, (tx) =>
    Promise.all(
      firstNames.map((firstName) =>
        tx.user.create({
          data: {
            organizationId: ws.orgId,
            firstName,
            lastName: "Tester",
            email: `${firstName.toLowerCase()}@${ws.subdomain}.example`,
            role: "employee",
            teamId: ws.team.id,
            managerId: ws.manager.id,
            passwordHash,
            passwordSetAt: new Date(),
          },
          select: { email: true },
        }),
      ),
    ),
  );
}

export async function notificationIsRead(ws: Workspace, id: string): Promise<boolean | null> {
  const row = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.notification.findFirst({ where: { organizationId: ws.orgId, id }, select: { isRead: true } }),
  );
  return row?.isRead ?? null;
}

export async function sessionCount(ws: Workspace, userId: string): Promise<number> {
  return runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.session.count({ where: { organizationId: ws.orgId, userId, revokedAt: null } }),
  );
}

/** The failed sign-in counters of a workspace, by key ("account:<email>", "address:<ip>"). */
export async function throttleCounters(ws: Workspace): Promise<Record<string, number>> {
  const rows = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.authThrottle.findMany({ where: { organizationId: ws.orgId }, select: { key: true, failures: true } }),
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.failures]));
}
