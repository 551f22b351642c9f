import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Tenant } from "@/lib/tenancy/resolve";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { hashToken, issueToken, spendToken } from "@/lib/auth/tokens";
import { checkCurrentPassword } from "@/lib/auth/current-password";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { accountEmailConfirmMail } from "@/lib/mail/templates/account-email-confirm";
import { audit } from "@/lib/audit/audit";
import { conflict, invalidInput, rateLimited } from "@/lib/errors/domain-error";
import { isUniqueViolation } from "@/lib/db/errors";
import { noticeEmailChanged, noticeEmailChangeUndone } from "@/lib/people/account-notices";
import type { EmailChangeRequest } from "@/lib/people/email-change-schemas";

// A person changes their own e-mail, and only they can once their account is active: the current
// password proves it is them, a link to the new address proves they read it, and the old address
// is told at once with a link that undoes the change for 7 days.

/** How long the confirmation link to the new address works. */
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the old address can undo a change. */
const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Confirmation e-mails one person can ask for per hour: enough for typos, too few to flood an inbox. */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 5;

const WRONG_PASSWORD = "The current password is not correct.";
const TAKEN = "A user with this email already exists";
const LINK_INVALID = "This link is invalid, was already used or has expired.";

/** Spends an address token (lib/auth/tokens.ts): its person and the address it is about. */
async function consumeAddressToken(
  tx: Tx,
  orgId: string,
  raw: string,
  purpose: "email_change" | "email_change_undo",
  userId?: string,
): Promise<{ userId: string; email: string } | null> {
  const spent = await spendToken(tx, orgId, raw, purpose, userId);
  return spent?.email ? { userId: spent.userId, email: spent.email } : null;
}

async function originOf(tx: Tx, orgId: string): Promise<string> {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { subdomain: true } });
  return workspaceOrigin(org.subdomain, env().rootDomain);
}

/** Another person of the organisation already signs in with this address: a clear refusal (on the
 * form's field when there is one), and nothing changes. */
async function assertFree(tx: Tx, orgId: string, email: string, userId: string, field?: string): Promise<void> {
  const other = await tx.user.findFirst({
    where: { organizationId: orgId, email, id: { not: userId } },
    select: { id: true },
  });
  if (!other) return;
  if (field) throw conflict("email_taken", TAKEN, { [field]: [TAKEN] });
  throw conflict(
    "email_taken",
    `Another account in this organisation now uses ${email}, so nothing was changed. Ask your administrator.`,
  );
}

/**
 * The signed-in person asks to use a new address: nothing changes yet; a confirmation link goes
 * to the new address. A new request replaces an earlier unconfirmed one.
 */
export async function requestEmailChange(ctx: AuthContext, input: EmailChangeRequest): Promise<void> {
  if (!(await checkCurrentPassword(ctx, input.currentPassword)))
    throw invalidInput(WRONG_PASSWORD, { currentPassword: [WRONG_PASSWORD] }, "wrong_password");
  const me = await withOrg(ctx.orgId, (tx) =>
    tx.user.findUnique({ where: orgKey(ctx.orgId, ctx.userId), select: { email: true, firstName: true } }),
  );
  if (!me) throw invalidInput(WRONG_PASSWORD, { currentPassword: [WRONG_PASSWORD] }, "wrong_password");
  if (input.newEmail === me.email)
    throw invalidInput("This is already your e-mail", { newEmail: ["This is already your e-mail"] });
  await withOrg(ctx.orgId, async (tx) => {
    await assertFree(tx, ctx.orgId, input.newEmail, ctx.userId, "newEmail");
    // Lock the person's row so parallel requests count each other.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "organizationId" = ${ctx.orgId}::uuid AND "id" = ${ctx.userId}::uuid FOR UPDATE`;
    const recent = await tx.authToken.count({
      where: {
        organizationId: ctx.orgId,
        userId: ctx.userId,
        purpose: "email_change",
        createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) },
      },
    });
    if (recent >= EMAIL_CHANGE_MAILS_PER_HOUR) throw rateLimited(60 * 60);
    const token = await issueToken(tx, ctx.orgId, ctx.userId, "email_change", EMAIL_CHANGE_TTL_MS, {
      email: input.newEmail,
    });
    const product = env().PRODUCT_NAME;
    await enqueueMail(tx, ctx.orgId, {
      kind: "account_email_confirm",
      to: input.newEmail,
      ...(await accountEmailConfirmMail({
        brand: await mailBrand(tx, ctx.orgId),
        product,
        firstName: me.firstName,
        newEmail: input.newEmail,
        oldEmail: me.email,
        link: `${await originOf(tx, ctx.orgId)}/confirm-email?token=${encodeURIComponent(token)}`,
      })),
    });
    await audit(tx, ctx, "user.email_change_requested", { type: "user", id: ctx.userId });
  });
}

/**
 * The confirmation link, opened by the person it was made for (signed in as them): the e-mail
 * changes, every session ends (this one too: the next sign-in uses the new address), unused reset
 * and change links die, and the old address gets the undo link.
 */
export async function confirmEmailChange(ctx: AuthContext, token: string): Promise<{ email: string }> {
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      const spent = await consumeAddressToken(tx, ctx.orgId, token, "email_change", ctx.userId);
      if (!spent) throw invalidInput(LINK_INVALID, undefined, "email_change_link_invalid");
      const before = await tx.user.findUniqueOrThrow({
        where: orgKey(ctx.orgId, ctx.userId),
        select: { email: true },
      });
      await assertFree(tx, ctx.orgId, spent.email, ctx.userId);
      await tx.user.update({ where: orgKey(ctx.orgId, ctx.userId), data: { email: spent.email } });
      await tx.authToken.updateMany({
        where: {
          organizationId: ctx.orgId,
          userId: ctx.userId,
          usedAt: null,
          purpose: { in: ["password_reset", "email_change", "invitation"] },
        },
        data: { usedAt: new Date() },
      });
      await revokeUserSessions(tx, ctx.orgId, ctx.userId);
      // Kept when another change follows: each undo link stays good for its own change.
      const undo = await issueToken(tx, ctx.orgId, ctx.userId, "email_change_undo", EMAIL_UNDO_TTL_MS, {
        email: before.email,
        replace: false,
      });
      const undoLink = `${await originOf(tx, ctx.orgId)}/undo-email-change?token=${encodeURIComponent(undo)}`;
      await noticeEmailChanged(tx, ctx.orgId, ctx.userId, { oldEmail: before.email, newEmail: spent.email, undoLink });
      await audit(tx, ctx, "user.email_changed", { type: "user", id: ctx.userId });
      return { email: spent.email };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        "email_taken",
        "Another account in this organisation now uses that address, so nothing was changed.",
      );
    throw err;
  }
}

/**
 * The undo link mailed to the old address: the old address comes back, every session ends, and
 * every unused link of this person (reset, change, other undo links) dies. Whoever made the change
 * may know the password, so the restored address is told to reset it.
 */
export async function undoEmailChange(tenant: Tenant, token: string): Promise<{ email: string }> {
  try {
    return await withOrg(tenant.orgId, async (tx) => {
      const spent = await consumeAddressToken(tx, tenant.orgId, token, "email_change_undo");
      if (!spent)
        throw invalidInput(`${LINK_INVALID} Undo links are valid for 7 days.`, undefined, "email_change_link_invalid");
      await assertFree(tx, tenant.orgId, spent.email, spent.userId);
      await tx.user.update({ where: orgKey(tenant.orgId, spent.userId), data: { email: spent.email } });
      await tx.authToken.updateMany({
        where: { organizationId: tenant.orgId, userId: spent.userId, usedAt: null },
        data: { usedAt: new Date() },
      });
      await revokeUserSessions(tx, tenant.orgId, spent.userId);
      await noticeEmailChangeUndone(tx, tenant.orgId, spent.userId);
      await audit(tx, { orgId: tenant.orgId, userId: spent.userId }, "user.email_change_undone", {
        type: "user",
        id: spent.userId,
      });
      return { email: spent.email };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        "email_taken",
        "Another account in this organisation now uses that address, so nothing was changed.",
      );
    throw err;
  }
}

/** Whether a confirmation or undo link would be accepted (for the page that shows the button or
 * the error), and for whom. */
export async function peekEmailChangeLink(
  tenant: Tenant,
  raw: string,
  purpose: "email_change" | "email_change_undo",
): Promise<{ userId: string; email: string } | null> {
  if (raw.length < 20 || raw.length > 100) return null;
  const token = await withOrg(tenant.orgId, (tx) =>
    tx.authToken.findUnique({
      where: { organizationId_tokenHash: { organizationId: tenant.orgId, tokenHash: hashToken(raw) } },
      select: { userId: true, purpose: true, usedAt: true, expiresAt: true, email: true },
    }),
  );
  if (!token || token.purpose !== purpose || token.usedAt || token.expiresAt <= new Date() || !token.email) return null;
  return { userId: token.userId, email: token.email };
}
