import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { DEFAULT_MAX_USERS } from "@/lib/people/seats";
import { requireOwnOrg } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";

export type OrganizationDto = {
  id: string;
  name: string;
  subdomain: string;
  maxUsers: number;
  userCount: number;
  subscriptionStatus: string;
  trialEndDate: string | null;
  minGroupSize: number;
  /** The survey invitation template: for roles that may see the organisation's settings (organization.view), else null. */
  emailSubject: string | null;
  emailBody: string | null;
};

export async function getOrganization(ctx: AuthContext, orgId: string): Promise<OrganizationDto> {
  requireOwnOrg(ctx, orgId);
  const org = await withOrg(ctx.orgId, (tx) =>
    tx.organization.findUnique({
      where: { id: ctx.orgId },
      select: {
        id: true,
        name: true,
        subdomain: true,
        maxUsers: true,
        subscriptionStatus: true,
        trialEndDate: true,
        minGroupSize: true,
        emailSubject: true,
        emailBody: true,
        _count: { select: { users: true } },
      },
    }),
  );
  if (!org) throw notFound("Organisation");
  const seesTemplate = can(ctx, "organization.view");
  return {
    id: org.id,
    name: org.name,
    subdomain: org.subdomain,
    maxUsers: org.maxUsers ?? DEFAULT_MAX_USERS,
    userCount: org._count.users,
    subscriptionStatus: org.subscriptionStatus,
    trialEndDate: org.trialEndDate?.toISOString() ?? null,
    minGroupSize: org.minGroupSize,
    emailSubject: seesTemplate ? org.emailSubject : null,
    emailBody: seesTemplate ? org.emailBody : null,
  };
}
