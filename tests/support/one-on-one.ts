// What the 1:1 integration tests (one-on-one-meetings, -prep, -notes) share: calling a route as
// Next does, a company with a manager/report pair and outsiders, meetings inserted directly, and
// reading a refusal. A test file that uses `call` must mock the session itself (vi.mock is hoisted
// in the test file only):
//   vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
import { vi } from "vitest";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { createOrg, createUser } from "./factories";
import { status } from "./status";
import { withVault } from "./vault";

export const DAY = 24 * 60 * 60 * 1000;

export type Route = (req: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler as Next calls it, with `as` signed in (the mocked currentSession). */
export async function call(
  route: Route,
  as: AuthContext,
  subdomain: string,
  method: string,
  path: string,
  body?: unknown,
  params: Record<string, string> = {},
) {
  vi.mocked(currentSession).mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const req = new NextRequest(`http://${subdomain}.localhost:3000${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return route(req, { params: Promise.resolve(params) });
}

/** A person signed in with their personal vault open (private notes need it). */
export async function person(orgId: string, role: Role, firstName?: string): Promise<AuthContext> {
  const u = await createUser(orgId, { role, ...(firstName ? { firstName } : {}) });
  return withVault(orgId, u.id, role);
}

export async function reportsTo(employee: AuthContext, manager: AuthContext) {
  await withOrg(employee.orgId, (tx) =>
    tx.user.update({
      where: { organizationId_id: { organizationId: employee.orgId, id: employee.userId } },
      data: { managerId: manager.userId },
    }),
  );
}

/** An organisation with an admin, a manager, their employee, another manager and another employee.
 * `reporting`: which reporting lines are set — none, the pair's (employee -> manager), or also
 * otherEmployee -> otherManager. */
export async function company(opts: {
  managerName?: string;
  employeeName?: string;
  reporting: "none" | "pair" | "both";
}) {
  const { orgId, subdomain } = await createOrg();
  const [admin, manager, employee, otherManager, otherEmployee] = await Promise.all([
    person(orgId, "admin"),
    person(orgId, "manager", opts.managerName),
    person(orgId, "employee", opts.employeeName),
    person(orgId, "manager"),
    person(orgId, "employee"),
  ]);
  if (opts.reporting !== "none") await reportsTo(employee, manager);
  if (opts.reporting === "both") await reportsTo(otherEmployee, otherManager);
  return { orgId, subdomain, admin, manager, employee, otherManager, otherEmployee };
}

/** A one-off meeting of the pair, inserted directly as the manager (row-level security admits the
 * pair only), optionally from a template and with agenda questions. */
export async function meeting(
  manager: AuthContext,
  employeeId: string,
  opts: { at?: Date; status?: "scheduled" | "completed" | "cancelled"; templateId?: string; questions?: string[] } = {},
) {
  const at = opts.at ?? new Date(Date.now() + 2 * DAY);
  return withOrg(
    manager.orgId,
    async (tx) => {
      const series = await tx.meetingSeries.create({
        data: {
          organizationId: manager.orgId,
          managerId: manager.userId,
          employeeId,
          templateId: opts.templateId ?? null,
          timeZone: "Europe/Berlin",
          startsAt: at,
          materializedUntil: at,
        },
        select: { id: true },
      });
      const m = await tx.meeting.create({
        data: {
          organizationId: manager.orgId,
          seriesId: series.id,
          managerId: manager.userId,
          employeeId,
          occurrenceStart: at,
          scheduledAt: at,
          status: opts.status ?? "scheduled",
        },
        select: { id: true },
      });
      for (const [position, text] of (opts.questions ?? []).entries()) {
        await tx.meetingAgendaItem.create({
          data: {
            organizationId: manager.orgId,
            meetingId: m.id,
            managerId: manager.userId,
            employeeId,
            kind: "question",
            text,
            position,
          },
        });
      }
      return m.id;
    },
    { userId: manager.userId },
  );
}

/** The refusal a domain call ends in (its status, code and field messages); fails if it succeeds. */
export async function refusal(
  p: Promise<unknown>,
): Promise<{ status: number; code: string; fields?: Record<string, string[]> }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError)
      return { status: await status(Promise.reject(err)), code: err.code, fields: err.fields };
    throw err;
  }
  throw new Error("expected a refusal");
}
