import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { orgIdForSubdomain } from "@/lib/db/tenant";
import { runInOrg } from "@/lib/db/org-transaction";
import { env } from "@/lib/config/env";
import { hashPassword } from "@/lib/auth/password";
import { audit } from "@/lib/audit/audit";
import { notify } from "@/lib/notifications/service";
import { conflict } from "@/lib/errors/domain-error";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { trialSeatsFor } from "@/lib/signup/trial-seats";
import { insertDefaultTemplates } from "@/lib/one-on-one/templates";
import { TRIAL_DAYS } from "@/lib/billing/pricing";
import { isReservedForSignup } from "@/lib/signup/availability";
import { issueHandoffToken } from "@/lib/signup/handoff";
import { createVaultForHandoff } from "@/lib/vault/vault";
import { sendVerificationLink } from "@/lib/org/email-verification";
import { RESERVED_MESSAGE, type SignupResult } from "@/lib/signup/api-types";
import type { SignupData } from "@/lib/signup/schemas";
import { isUniqueViolation } from "@/lib/db/errors";
import { billingEnabled } from "@/lib/billing/config";
import { verifySignupSetupIntent, type VerifiedSetupIntent } from "@/lib/billing/signup-payment";
import { queueProvisioning } from "@/lib/billing/provisioning";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUBDOMAIN_TAKEN_MESSAGE = "This subdomain is already taken. Please choose another one.";

const taken = () => conflict("subdomain_taken", SUBDOMAIN_TAKEN_MESSAGE, { subdomain: [SUBDOMAIN_TAKEN_MESSAGE] });
const SETUP_INTENT_USED_MESSAGE =
  "This card setup was already used for another workspace. Please enter your card again.";

/** Thrown inside the transaction when the SetupIntent already made a workspace (its unique key). */
class SetupIntentUsed extends Error {}

/**
 * Creates a company workspace: the organisation on a 7-day trial (seats from the company size, time
 * zone from the browser), its admin, the default 1:1 templates, the e-mail that
 * verifies the admin's address (until it is opened the workspace mails nobody else), a welcome
 * notification, an audit row and the handoff token, all in one transaction, so a failure leaves
 * nothing behind. Two signups racing for one subdomain are settled by its unique constraint:
 * exactly one commits, the other gets 409.
 */
export async function completeSignup(data: SignupData): Promise<SignupResult> {
  const e = env();
  if (isReservedForSignup(data.subdomain, e.PRODUCT_NAME)) {
    throw conflict("subdomain_reserved", RESERVED_MESSAGE, { subdomain: [RESERVED_MESSAGE] });
  }
  // A cheap early answer for the common case; the constraint below is what actually decides.
  if (await orgIdForSubdomain(data.subdomain)) throw taken();

  // With Stripe, the payment step's SetupIntent must have succeeded for this e-mail. After this
  // point Stripe is not asked again: the customer and subscription are made by a queued job.
  const payment: VerifiedSetupIntent | null = billingEnabled()
    ? await verifySignupSetupIntent(data.setupIntentId, data.workEmail)
    : null;

  // Hashed before the transaction: argon2 takes a while and must not hold a connection open.
  const passwordHash = await hashPassword(data.password);
  const orgId = randomUUID();
  const now = new Date();

  let handoffToken: string;
  let adminId = "";
  try {
    handoffToken = await runInOrg(db(), orgId, async (tx) => {
      await tx.organization.create({
        data: {
          id: orgId,
          name: data.companyName,
          subdomain: data.subdomain,
          subscriptionStatus: "trialing",
          trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          maxUsers: trialSeatsFor(data.companySize),
          companySize: data.companySize,
          // The signing-up browser's zone (UTC when it sent none this server knows): the pulse
          // goes out at 09:00 where the company is, not at 09:00 UTC.
          pulseTimeZone: data.timeZone ?? "UTC",
          marketingConsent: data.marketingConsent ?? false,
          // Unverified until the admin opens the link mailed below: mail to anyone else waits.
          verificationEmail: data.workEmail,
        },
        select: { id: true },
      });
      const admin = await tx.user.create({
        data: {
          organizationId: orgId,
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.workEmail,
          role: "admin",
          passwordHash,
          passwordSetAt: now,
        },
        select: { id: true },
      });
      adminId = admin.id;
      await insertDefaultTemplates(tx, orgId, admin.id);
      await sendVerificationLink(
        tx,
        { orgId, subdomain: data.subdomain, name: data.companyName },
        { userId: admin.id, email: data.workEmail, firstName: data.firstName },
      );
      await notify(tx, orgId, {
        userId: admin.id,
        type: "welcome",
        title: `Welcome to ${e.PRODUCT_NAME}!`,
        message: `Your ${TRIAL_DAYS}-day free trial has started. Add your team in Settings to send the first pulse survey.`,
        actionUrl: "/settings/users",
        actionText: "Add your team",
      });
      if (payment) {
        try {
          await tx.billingAccount.create({
            data: {
              organizationId: orgId,
              setupIntentId: payment.setupIntentId,
              paymentMethodId: payment.paymentMethodId,
            },
            select: { organizationId: true },
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw new SetupIntentUsed();
          throw err;
        }
        await queueProvisioning(tx, orgId);
      }
      await audit(
        tx,
        { orgId, userId: admin.id },
        "organization.signup",
        { type: "organization", id: orgId },
        {
          subdomain: data.subdomain,
          companySize: data.companySize,
          marketingConsent: data.marketingConsent ?? false,
          maxUsers: trialSeatsFor(data.companySize),
          timeZone: data.timeZone ?? "UTC",
        },
      );
      return issueHandoffToken(tx, orgId, admin.id);
    });
  } catch (err) {
    if (err instanceof SetupIntentUsed)
      throw conflict("payment_setup_invalid", SETUP_INTENT_USED_MESSAGE, {
        setupIntentId: [SETUP_INTENT_USED_MESSAGE],
      });
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  // The admin's personal vault, opened by the hand-over's session (lib/vault/vault.ts).
  await createVaultForHandoff(orgId, adminId, data.password, handoffToken);

  return {
    message: "Your workspace is ready",
    subdomain: data.subdomain,
    workspaceUrl: workspaceOrigin(data.subdomain, e.rootDomain),
    handoffToken,
  };
}
