import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail, releaseHeldMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { emailVerificationMail } from "@/lib/mail/templates/email-verification";
import { consumeToken, issueToken } from "@/lib/auth/tokens";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { audit } from "@/lib/audit/audit";
import { conflict, invalidInput, notFound, rateLimited } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import type { Tenant } from "@/lib/tenancy/resolve";

// Signup e-mail verification (docs/decisions.md (Accounts and sign-in)). A workspace made by signup may mail only the
// address its admin signed up with until that admin opens the link sent there; everything else waits in the outbox
// (isHeldForVerification, lib/mail/delivery-policy.ts) and is released when the link is opened. The link is a
// single-use token kept only as a hash, like invitations and resets.

/** As long as an invitation (docs/decisions.md (Accounts and sign-in)). */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Links one workspace can have mailed per hour (signup's included): enough for a person who
 * lost one, too few to flood the inbox of whoever's address was typed in. */
export const VERIFICATION_MAILS_PER_HOUR = 5;
const EMAIL_VERIFICATION_KIND = "email_verification";
const VERIFICATION_LINK_INVALID = "This confirmation link is invalid, was already used or has expired.";
const ALREADY_VERIFIED = "This workspace's e-mail address is already confirmed.";

const HOUR_MS = 60 * 60 * 1000;

type Workspace = { orgId: string; subdomain: string; name: string };
type Recipient = { userId: string; email: string; firstName: string | null };

function verificationLink(subdomain: string, token: string): string {
  return `${workspaceOrigin(subdomain, env().rootDomain)}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Issues the workspace's verification link and queues its e-mail, in the caller's transaction.
 * A workspace has one live link: every earlier one stops working, whoever asked for it.
 */
export async function sendVerificationLink(tx: Tx, ws: Workspace, to: Recipient): Promise<void> {
  const product = env().PRODUCT_NAME;
  await tx.authToken.updateMany({
    where: { organizationId: ws.orgId, purpose: "email_verification", usedAt: null },
    data: { usedAt: new Date() },
  });
  const token = await issueToken(tx, ws.orgId, to.userId, "email_verification", EMAIL_VERIFICATION_TTL_MS);
  await enqueueMail(tx, ws.orgId, {
    kind: EMAIL_VERIFICATION_KIND,
    to: to.email,
    ...(await emailVerificationMail({
      brand: await mailBrand(tx, ws.orgId),
      product,
      workspaceName: ws.name,
      firstName: to.firstName,
      link: verificationLink(ws.subdomain, token),
    })),
  });
}

export type VerificationBannerDto = {
  /** Where the link was sent: for those who may ask for a new one, else null. */
  email: string | null;
  canResend: boolean;
};

/** What the app shell's banner shows while the workspace is unverified; null once it is verified. */
export async function getVerificationBanner(ctx: AuthContext): Promise<VerificationBannerDto | null> {
  const org = await withOrg(ctx.orgId, (tx) =>
    tx.organization.findUnique({
      where: { id: ctx.orgId },
      select: { emailVerifiedAt: true, verificationEmail: true },
    }),
  );
  return org ? verificationBannerFor(ctx, org) : null;
}

/** The banner for an organisation row already loaded (the app shell reads it with the billing
 * status in one query, lib/billing/access.ts getShellBanners). */
export function verificationBannerFor(
  ctx: AuthContext,
  org: { emailVerifiedAt: Date | null; verificationEmail: string | null },
): VerificationBannerDto | null {
  if (org.emailVerifiedAt) return null;
  const canResend = can(ctx, "organization.manage");
  return { email: canResend ? org.verificationEmail : null, canResend };
}

/**
 * The banner's 'Resend verification e-mail': a new link to the address given at signup (not the
 * asking admin's current one: an admin who changes their own address cannot make a stranger's
 * address the one mail may go to), the earlier link spent. At most VERIFICATION_MAILS_PER_HOUR.
 */
export async function resendVerificationEmail(ctx: AuthContext): Promise<{ email: string }> {
  requirePermission(ctx, "organization.manage");
  return withOrg(ctx.orgId, async (tx) => {
    // The row lock orders parallel requests (each sees the others' links in the count) and a
    // verification committing meanwhile (seen as verified here).
    const [org] = await tx.$queryRaw<
      { name: string; subdomain: string; emailVerifiedAt: Date | null; verificationEmail: string | null }[]
    >`
      SELECT "name", "subdomain", "emailVerifiedAt", "verificationEmail" FROM "Organization" WHERE "id" = ${ctx.orgId}::uuid FOR UPDATE`;
    if (!org) throw notFound("Organisation");
    if (org.emailVerifiedAt) throw conflict("email_already_verified", ALREADY_VERIFIED);
    // Only signup makes unverified workspaces, and it always records the address.
    if (!org.verificationEmail)
      throw new Error(`organisation ${ctx.orgId} is unverified without a verification address`);

    const now = Date.now();
    const recent = await tx.authToken.findMany({
      where: { organizationId: ctx.orgId, purpose: "email_verification", createdAt: { gt: new Date(now - HOUR_MS) } },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
      take: VERIFICATION_MAILS_PER_HOUR,
    });
    if (recent.length >= VERIFICATION_MAILS_PER_HOUR) {
      // The oldest of the hour's links leaves the window first.
      const oldest = recent[recent.length - 1]!.createdAt.getTime();
      throw rateLimited(Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000)));
    }

    const admin = await tx.user.findUnique({
      where: { organizationId_email: { organizationId: ctx.orgId, email: org.verificationEmail } },
      select: { id: true, firstName: true },
    });
    await sendVerificationLink(
      tx,
      { orgId: ctx.orgId, subdomain: org.subdomain, name: org.name },
      { userId: admin?.id ?? ctx.userId, email: org.verificationEmail, firstName: admin?.firstName ?? null },
    );
    await audit(tx, ctx, "organization.verification_resent", { type: "organization", id: ctx.orgId });
    return { email: org.verificationEmail };
  });
}

/**
 * Opens a verification link of this workspace (signed in or not: the link itself is the proof):
 * the workspace becomes verified, every other link is spent and the mail held back is queued at
 * once. Links are looked up within the Host's organisation only, so another workspace's link is
 * simply unknown here. Throws verification_link_invalid for an unknown, used or expired link.
 */
export async function verifyWorkspaceEmail(tenant: Tenant, token: string): Promise<{ released: number }> {
  return withOrg(tenant.orgId, async (tx) => {
    const userId = await consumeToken(tx, tenant.orgId, token, "email_verification");
    if (!userId) throw invalidInput(VERIFICATION_LINK_INVALID, undefined, "verification_link_invalid");
    // Taking the row lock here makes deliveries that are deciding to hold a message wait for
    // this commit (lib/mail/deliver.ts), so none is held after the release below.
    const now = new Date();
    const changed = await tx.organization.updateMany({
      where: { id: tenant.orgId, emailVerifiedAt: null },
      data: { emailVerifiedAt: now },
    });
    await tx.authToken.updateMany({
      where: { organizationId: tenant.orgId, purpose: "email_verification", usedAt: null },
      data: { usedAt: now },
    });
    const released = changed.count === 1 ? await releaseHeldMail(tx, tenant.orgId) : 0;
    await audit(
      tx,
      { orgId: tenant.orgId, userId },
      "organization.email_verified",
      { type: "organization", id: tenant.orgId },
      { released },
    );
    return { released };
  });
}
