import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { requireOwnOrg, requirePermission } from "@/lib/auth/authorize";
import { anonymityDto, type AnonymityDto, type AnonymityInput } from "@/lib/org/anonymity-schemas";

// The organisation's minimum reporting group (docs/decisions.md (Anonymity and the minimum group)): read by
// admins and managers (Settings explains it), changed by admins.

export async function getAnonymitySetting(ctx: AuthContext, orgId: string): Promise<AnonymityDto> {
  requirePermission(ctx, "organization.view");
  requireOwnOrg(ctx, orgId);
  const org = await withOrg(ctx.orgId, (tx) =>
    tx.organization.findUnique({ where: { id: ctx.orgId }, select: { minGroupSize: true } }),
  );
  if (!org) throw notFound("Organisation");
  return anonymityDto(org.minGroupSize);
}

/**
 * Sets the minimum. Each survey keeps the minimum it was sent with (its respondents were told that
 * number), and analytics judge a round by its own. So a raise is carried to the existing surveys
 * too, in the same transaction: 'no view shows a group below it' then holds for past rounds at
 * once. A lowering leaves them alone: nobody's answers are ever shown in a smaller group than the
 * survey page promised; the next rounds use the new value.
 */
export async function updateAnonymitySetting(
  ctx: AuthContext,
  orgId: string,
  input: AnonymityInput,
): Promise<AnonymityDto> {
  requirePermission(ctx, "organization.manage");
  requireOwnOrg(ctx, orgId);
  const { minGroupSize } = input;
  return withOrg(ctx.orgId, async (tx) => {
    // FOR UPDATE: two admins saving at once leave an audit trail whose 'from' values chain.
    const rows = await tx.$queryRaw<{ minGroupSize: number }[]>`
      SELECT "minGroupSize" FROM "Organization" WHERE "id" = ${ctx.orgId}::uuid FOR UPDATE`;
    const before = rows[0];
    if (!before) throw notFound("Organisation");
    await tx.organization.update({ where: { id: ctx.orgId }, data: { minGroupSize }, select: { id: true } });
    const raised = await tx.survey.updateMany({
      where: { organizationId: ctx.orgId, minGroupSize: { lt: minGroupSize } },
      data: { minGroupSize },
    });
    await audit(
      tx,
      ctx,
      "organization.anonymity",
      { type: "organization", id: ctx.orgId },
      { from: before.minGroupSize, to: minGroupSize, surveysRaised: raised.count },
    );
    return anonymityDto(minGroupSize);
  });
}
