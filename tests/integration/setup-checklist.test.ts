import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { orgIdForSubdomain, withOrg } from "@/lib/db/tenant";
import { completeSignup } from "@/lib/signup/complete";
import { dismissSetupChecklist, getSetupChecklist } from "@/lib/setup/checklist";
import { setupSteps, type SetupChecklist, type SetupStepKey } from "@/lib/setup/steps";
import { trialSeatsFor } from "@/lib/signup/trial-seats";
import { createTeam } from "@/lib/people/teams";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { DEFAULT_TEMPLATES } from "@/lib/one-on-one/default-templates";
import { signupSchema } from "@/lib/signup/schemas";
import { COMPANY_SIZES } from "@/lib/validation/signup-rules";
import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { statusOf } from "../support/status";
import { ownerClient } from "../support/owner-client";
import { createOrg, createUser, ctxFor, signupData, uniqueName } from "../support/factories";

const owner = ownerClient();

/** A workspace as signup makes it, and its admin's context. */
async function signedUp(over: Parameters<typeof signupData>[1] = {}) {
  const subdomain = uniqueName("setup");
  await completeSignup(signupData(subdomain, over));
  const orgId = (await orgIdForSubdomain(subdomain))!;
  const admin = await withOrg(orgId, (tx) =>
    tx.user.findFirstOrThrow({ where: { organizationId: orgId }, select: { id: true } }),
  );
  const ctx: AuthContext = { orgId, userId: admin.id, role: "admin", sessionId: randomUUID() };
  return { orgId, subdomain, ctx };
}

const ticked = (c: SetupChecklist | null): SetupStepKey[] => (c ? c.steps.filter((s) => s.done).map((s) => s.key) : []);
const stepOf = (c: SetupChecklist | null, key: SetupStepKey) => c?.steps.find((s) => s.key === key);

async function status(p: Promise<unknown>): Promise<number | null> {
  return p.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? statusOf(e) : -1),
  );
}

describe("setup checklist: each step ticks itself from the workspace's data", () => {
  it("walks a new workspace from nothing done to everything done, when it disappears", async () => {
    const { orgId, ctx } = await signedUp({ timeZone: "America/New_York" });
    let c = await getSetupChecklist(ctx);
    expect(c).not.toBeNull();
    expect(c!.total).toBe(6);
    expect(c!.steps.map((s) => s.key)).toEqual(["email", "people", "teams", "pulse", "manager", "meeting"]);
    expect(ticked(c)).toEqual([]);
    // The schedule as the workspace has it, in the browser's zone.
    expect(stepOf(c, "pulse")!.detail).toContain("every Monday at 09:00 (America/New_York)");
    expect(stepOf(c, "people")!.links.map((l) => l.href)).toEqual(["/settings/users", "/bulk-import"]);

    // The signup admin opens the confirmation link.
    await owner().query(`UPDATE "Organization" SET "emailVerifiedAt" = now() WHERE id = $1`, [orgId]);
    c = await getSetupChecklist(ctx);
    expect(ticked(c)).toEqual(["email"]);
    expect(stepOf(c, "email")!.links).toEqual([]);

    // People: as many besides the admin as the smallest group shown (3).
    const manager = await createUser(orgId, { role: "manager", password: null });
    const ana = await createUser(orgId);
    c = await getSetupChecklist(ctx);
    expect(stepOf(c, "people")).toMatchObject({ done: false, detail: expect.stringMatching(/^2 of 3 added/) });
    const ben = await createUser(orgId);
    c = await getSetupChecklist(ctx);
    expect(stepOf(c, "people")).toMatchObject({ done: true, detail: "3 people added besides you." });

    // A team with a manager but nobody else in it is not arranged yet; a member makes it.
    const team = await createTeam(ctx, { name: "Support", managerId: manager.id });
    await owner().query(`UPDATE "User" SET "teamId" = $1 WHERE id = $2`, [team.id, manager.id]);
    expect(stepOf(await getSetupChecklist(ctx), "teams")!.done).toBe(false);
    await owner().query(`UPDATE "User" SET "teamId" = $1 WHERE id = ANY($2::uuid[])`, [team.id, [ana.id, ben.id]]);
    c = await getSetupChecklist(ctx);
    expect(stepOf(c, "teams")).toMatchObject({ done: true, detail: "1 team with a manager and members." });

    // A manager invited is not yet a manager trying Boss Bot: that needs their account.
    expect(stepOf(c, "manager")).toMatchObject({ done: false, detail: expect.stringMatching(/^Invited/) });
    await owner().query(`UPDATE "User" SET "passwordSetAt" = now() WHERE id = $1`, [manager.id]);
    expect(stepOf(await getSetupChecklist(ctx), "manager")!.done).toBe(true);

    // The first pulse.
    await sendPulseNow(ctx);
    c = await getSetupChecklist(ctx);
    expect(ticked(c)).toEqual(["email", "people", "teams", "pulse", "manager"]);
    expect(c!.done).toBe(5);

    // A 1:1 the admin is no part of (series are their pair's alone) still counts.
    await owner().query(
      `INSERT INTO "MeetingSeries" ("organizationId", id, "managerId", "employeeId", "timeZone", "startsAt", "materializedUntil", "updatedAt")
       VALUES ($1, gen_random_uuid(), $2, $3, 'UTC', now() + interval '1 day', now() + interval '1 day', now())`,
      [orgId, manager.id, ana.id],
    );
    expect(await getSetupChecklist(ctx)).toBeNull();
  });

  it("is the admins' only, and another workspace's 1:1s and people do not count", async () => {
    const { orgId } = await createOrg();
    const admin = await ctxFor(orgId, "admin");
    const manager = await ctxFor(orgId, "manager");
    const employee = await ctxFor(orgId, "employee");
    expect(await getSetupChecklist(manager)).toBeNull();
    expect(await getSetupChecklist(employee)).toBeNull();

    const other = await createOrg();
    const om = await createUser(other.orgId, { role: "manager" });
    const oe = await createUser(other.orgId);
    await createUser(other.orgId);
    await owner().query(
      `INSERT INTO "MeetingSeries" ("organizationId", id, "managerId", "employeeId", "timeZone", "startsAt", "materializedUntil", "updatedAt")
       VALUES ($1, gen_random_uuid(), $2, $3, 'UTC', now(), now(), now())`,
      [other.orgId, om.id, oe.id],
    );
    const c = await getSetupChecklist(admin);
    // This workspace: the admin, one active manager, one employee (2 of 3 people), no 1:1.
    expect(ticked(c)).toEqual(["email", "manager"]);
    expect(stepOf(c, "people")!.detail).toMatch(/^2 of 3 added/);
  });

  it("follows the workspace's minimum group size for the people it asks for", async () => {
    const { orgId } = await createOrg();
    const admin = await ctxFor(orgId, "admin");
    await owner().query(`UPDATE "Organization" SET "minGroupSize" = 5 WHERE id = $1`, [orgId]);
    for (let i = 0; i < 4; i++) await createUser(orgId);
    expect(stepOf(await getSetupChecklist(admin), "people")).toMatchObject({ done: false });
    await createUser(orgId);
    expect(stepOf(await getSetupChecklist(admin), "people")).toMatchObject({ done: true });
  });

  it("says when the weekly pulse is switched off", () => {
    const steps = setupSteps({
      emailConfirmed: true,
      people: 1,
      minGroupSize: 3,
      teamsReady: 0,
      pulseSent: false,
      schedule: { enabled: false, weekday: 1, time: "09:00", timeZone: "UTC" },
      managers: 0,
      managersActive: 0,
      meetingScheduled: false,
    });
    expect(steps.find((s) => s.key === "pulse")!.detail).toBe(
      "The weekly pulse is switched off. Switch it on, or send a pulse now.",
    );
  });
});

describe("dismissing the setup checklist", () => {
  it("admins only; hides it for every admin, audits once, and leaves other workspaces alone", async () => {
    const { orgId } = await createOrg();
    const admin = await ctxFor(orgId, "admin");
    const second = await ctxFor(orgId, "admin");
    const other = await createOrg();
    const otherAdmin = await ctxFor(other.orgId, "admin");

    expect(await status(dismissSetupChecklist(await ctxFor(orgId, "manager")))).toBe(403);
    expect(await status(dismissSetupChecklist(await ctxFor(orgId, "employee")))).toBe(403);
    expect(await getSetupChecklist(admin)).not.toBeNull();

    await dismissSetupChecklist(admin);
    await dismissSetupChecklist(second);
    expect(await getSetupChecklist(admin)).toBeNull();
    expect(await getSetupChecklist(second)).toBeNull();
    expect(await getSetupChecklist(otherAdmin)).not.toBeNull();

    const rows = await owner().query(
      `SELECT action, "actorId" FROM "AuditLog" WHERE "organizationId" = $1 AND action = 'organization.setup_dismissed'`,
      [orgId],
    );
    expect(rows.rows).toEqual([{ action: "organization.setup_dismissed", actorId: admin.userId }]);
    const dismissed = await owner().query(`SELECT "setupDismissedAt" FROM "Organization" WHERE id = $1`, [other.orgId]);
    expect(dismissed.rows[0].setupDismissedAt).toBeNull();
  });
});

describe("signup defaults: seats, time zone and 1:1 templates", () => {
  it("trial seats are the top of the company-size band, at most 50", () => {
    expect(COMPANY_SIZES.map((s) => [s, trialSeatsFor(s)])).toEqual([
      ["1-10", 10],
      ["11-50", 50],
      ["51-200", 50],
      ["201-500", 50],
      ["500+", 50],
    ]);
  });

  it("a signup stores the seats of its size and the browser's zone, with the default templates", async () => {
    for (const [size, seats] of [
      ["1-10", 10],
      ["11-50", 50],
      ["500+", 50],
    ] as const) {
      const { orgId } = await signedUp({ companySize: size, timeZone: "America/New_York" });
      const org = await withOrg(orgId, (tx) =>
        tx.organization.findUniqueOrThrow({
          where: { id: orgId },
          select: { maxUsers: true, pulseTimeZone: true, pulseTime: true, pulseWeekday: true },
        }),
      );
      expect(org).toEqual({ maxUsers: seats, pulseTimeZone: "America/New_York", pulseTime: "09:00", pulseWeekday: 1 });
    }
    const { orgId } = await signedUp();
    const templates = await owner().query(
      `SELECT key, name, "isDefault", cardinality(questions) AS n FROM "MeetingTemplate" WHERE "organizationId" = $1 ORDER BY key`,
      [orgId],
    );
    expect(templates.rows.map((t: { key: string }) => t.key)).toEqual(DEFAULT_TEMPLATES.map((d) => d.key).sort());
    expect(templates.rows.every((t: { isDefault: boolean; n: number }) => t.isDefault && t.n > 0)).toBe(true);
  });

  it("a zone the server does not know, or none, starts the workspace on UTC; a zone that is not text is refused", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "", "  ", undefined]) {
      const { orgId } = await signedUp(timeZone === undefined ? {} : { timeZone });
      const org = await withOrg(orgId, (tx) =>
        tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { pulseTimeZone: true } }),
      );
      expect(org.pulseTimeZone).toBe("UTC");
    }
    // A known zone in another spelling is stored as the runtime spells it.
    const { orgId: lower } = await signedUp({ timeZone: " europe/london " });
    const stored = await withOrg(lower, (tx) =>
      tx.organization.findUniqueOrThrow({ where: { id: lower }, select: { pulseTimeZone: true } }),
    );
    expect(stored.pulseTimeZone).toBe("Europe/London");
    const base = { ...signupData(uniqueName("tz")) } as Record<string, unknown>;
    const parsed = signupSchema.safeParse({ ...base, timeZone: 5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["timeZone", "The time zone must be a name such as Europe/London"],
    ]);
    expect(signupSchema.parse({ ...base, timeZone: " Europe/Paris " })).toMatchObject({ timeZone: "Europe/Paris" });
  });
});
