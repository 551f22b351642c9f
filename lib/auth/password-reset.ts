import "server-only";
import { z } from "zod";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { passwordResetMail } from "@/lib/mail/templates/password-reset";
import { boss } from "@/lib/jobs/boss";
import { QUEUES, type PasswordResetJob } from "@/lib/jobs/queues";
import { consumeToken, issueToken } from "@/lib/auth/tokens";
import { hashPassword } from "@/lib/auth/password";
import { resetRequestSchema } from "@/lib/auth/password-schemas";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { sealVaultsAtReset } from "@/lib/vault/vault";
import type { Tenant } from "@/lib/tenancy/resolve";
import { log } from "@/lib/log/logger";
import { noticePasswordReset } from "@/lib/people/account-notices";

export const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset e-mails one account gets at most per hour: enough for a person, too few to flood an inbox. */
export const RESET_MAILS_PER_HOUR = 5;

/**
 * What the 'forgot password' form does: queue one job with the workspace and the address, and
 * nothing else. The same single INSERT for known and unknown addresses (the look-up, the token and
 * the mail happen in the job), so neither the answer nor its timing says whether an account
 * exists. The per-account mail cap is applied by the job.
 */
export async function requestPasswordReset(tenant: Tenant, email: string): Promise<void> {
  const job: PasswordResetJob = { orgId: tenant.orgId, subdomain: tenant.subdomain, email };
  const b = await boss();
  await b.send(QUEUES.passwordResetRequest.name, job, QUEUES.passwordResetRequest.options);
}

const passwordResetJobSchema = z.object({
  orgId: z.uuid(),
  subdomain: z.string().min(1).max(63),
  email: resetRequestSchema.shape.email,
}) satisfies z.ZodType<PasswordResetJob, unknown>;

/** One password-reset-request job (lib/jobs/worker.ts): its data checked, then mailPasswordReset. */
export async function processPasswordResetJob(data: unknown): Promise<void> {
  const job = passwordResetJobSchema.parse(data);
  await mailPasswordReset({ orgId: job.orgId, subdomain: job.subdomain }, job.email);
}

/** The job behind requestPasswordReset: mails a reset link when the account exists, at most
 * RESET_MAILS_PER_HOUR an hour per account; does nothing for an unknown address. */
export async function mailPasswordReset(tenant: Tenant, email: string): Promise<void> {
  const e = env();
  await withOrg(tenant.orgId, async (tx) => {
    const user = await tx.user.findUnique({
      where: { organizationId_email: { organizationId: tenant.orgId, email } },
      select: { id: true, firstName: true },
    });
    if (!user) return;
    // Lock the person's row so parallel requests count each other, then count this hour's links.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "organizationId" = ${tenant.orgId}::uuid AND "id" = ${user.id}::uuid FOR UPDATE`;
    const recent = await tx.authToken.count({
      where: {
        organizationId: tenant.orgId,
        userId: user.id,
        purpose: "password_reset",
        createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) },
      },
    });
    if (recent >= RESET_MAILS_PER_HOUR) {
      log.warn("auth.reset_throttled", { orgId: tenant.orgId, userId: user.id });
      return;
    }
    const token = await issueToken(tx, tenant.orgId, user.id, "password_reset", RESET_TTL_MS);
    const link = `${workspaceOrigin(tenant.subdomain, e.rootDomain)}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, tenant.orgId, {
      kind: "password_reset",
      to: email,
      ...(await passwordResetMail({
        brand: await mailBrand(tx, tenant.orgId),
        product: e.PRODUCT_NAME,
        firstName: user.firstName,
        link,
      })),
    });
  });
}

/** Sets a new password from a reset link and signs the user out everywhere. */
export async function resetPassword(tenant: Tenant, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return withOrg(tenant.orgId, async (tx) => {
    const userId = await consumeToken(tx, tenant.orgId, token, "password_reset");
    if (!userId) return false;
    await tx.user.update({
      where: orgKey(tenant.orgId, userId),
      data: { passwordHash, passwordSetAt: new Date() },
    });
    await revokeUserSessions(tx, tenant.orgId, userId);
    // Without the old password the vault cannot be re-wrapped: it is sealed until the recovery key.
    await sealVaultsAtReset(tx, tenant.orgId, userId);
    await noticePasswordReset(tx, tenant.orgId, userId);
    return true;
  });
}
