import "server-only";
import { cache } from "react";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { setupChecklist, type SetupChecklist, type SetupFacts } from "@/lib/setup/steps";

// The setup checklist a new workspace's admins see on the dashboard and, as a progress link, in
// the app shell, until every step is done or an admin dismisses it. Each step is read from the
// workspace's own rows (lib/setup/steps.ts says which).

type FactsRow = {
  dismissed: boolean;
  emailConfirmed: boolean;
  minGroupSize: number;
  pulseEnabled: boolean;
  pulseWeekday: number;
  pulseTime: string;
  pulseTimeZone: string;
  people: number;
  teamsReady: number;
  pulseSent: boolean;
  managers: number;
  managersActive: number;
  meetingScheduled: boolean;
};

/** Everything the steps need, in one round trip: the layout asks on every page an admin opens. */
async function readFacts(orgId: string): Promise<{ dismissed: boolean; facts: SetupFacts } | null> {
  const rows = await withOrg(
    orgId,
    (tx) => tx.$queryRaw<FactsRow[]>`
      SELECT
        o."setupDismissedAt" IS NOT NULL AS "dismissed",
        o."emailVerifiedAt" IS NOT NULL AS "emailConfirmed",
        o."minGroupSize", o."pulseEnabled", o."pulseWeekday", o."pulseTime", o."pulseTimeZone",
        (SELECT count(*)::int FROM "User" u WHERE u."organizationId" = o."id") AS "people",
        (SELECT count(*)::int FROM "Team" t
          WHERE t."organizationId" = o."id" AND t."managerId" IS NOT NULL
            AND EXISTS (SELECT 1 FROM "User" m
              WHERE m."organizationId" = t."organizationId" AND m."teamId" = t."id" AND m."id" <> t."managerId")
        ) AS "teamsReady",
        EXISTS (SELECT 1 FROM "Survey" s WHERE s."organizationId" = o."id" AND s."sentAt" IS NOT NULL) AS "pulseSent",
        (SELECT count(*)::int FROM "User" u WHERE u."organizationId" = o."id" AND u."role" = 'manager') AS "managers",
        (SELECT count(*)::int FROM "User" u
          WHERE u."organizationId" = o."id" AND u."role" = 'manager' AND u."passwordSetAt" IS NOT NULL
        ) AS "managersActive",
        -- Series are their pair's alone under row-level security: this function answers for the
        -- whole organisation, yes or no.
        app_org_has_one_on_one() AS "meetingScheduled"
      FROM "Organization" o
      WHERE o."id" = ${orgId}::uuid`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    dismissed: r.dismissed,
    facts: {
      emailConfirmed: r.emailConfirmed,
      people: r.people,
      minGroupSize: r.minGroupSize,
      teamsReady: r.teamsReady,
      pulseSent: r.pulseSent,
      schedule: { enabled: r.pulseEnabled, weekday: r.pulseWeekday, time: r.pulseTime, timeZone: r.pulseTimeZone },
      managers: r.managers,
      managersActive: r.managersActive,
      meetingScheduled: r.meetingScheduled,
    },
  };
}

// The shell and the dashboard both ask while rendering one page: one read serves both.
const checklistOf = cache(async (orgId: string): Promise<SetupChecklist | null> => {
  const read = await readFacts(orgId);
  return read && !read.dismissed ? setupChecklist(read.facts) : null;
});

/**
 * The checklist for this viewer: null for anyone who cannot set the workspace up (only admins
 * see it), once an admin has dismissed it, and once every step is done.
 */
export async function getSetupChecklist(ctx: AuthContext): Promise<SetupChecklist | null> {
  if (!can(ctx, "organization.manage")) return null;
  return checklistOf(ctx.orgId);
}

/** 'Dismiss': hides the checklist for every admin of the workspace. Dismissing twice keeps the
 * first time. */
export async function dismissSetupChecklist(ctx: AuthContext, now = new Date()): Promise<void> {
  requirePermission(ctx, "organization.manage");
  await withOrg(ctx.orgId, async (tx) => {
    const { count } = await tx.organization.updateMany({
      where: { id: ctx.orgId, setupDismissedAt: null },
      data: { setupDismissedAt: now },
    });
    if (count > 0) await audit(tx, ctx, "organization.setup_dismissed", { type: "organization", id: ctx.orgId });
  });
}
