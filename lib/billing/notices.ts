import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { rolesWith } from "@/lib/auth/permissions";
import { BILLING_PATH, billingSettingsUrl } from "@/lib/billing/urls";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { billingNoticeMail } from "@/lib/mail/templates/billing-notice";
import { notify } from "@/lib/notifications/service";
import { formatDate } from "@/lib/format";

// What admins are told about their workspace's billing (docs/decisions.md (Billing and seats)): a bell notification and
// an e-mail each, both pointing at Settings > Billing, where every one of these is dealt with.

export type BillingNotice = "trial_ending" | "payment_failed" | "subscription_cancelled";

type Text = { title: string; message: string; actionText: string; subject: string; body: string[] };

type Facts = { trialEnd: Date | null; timeZone: string; cancelled: boolean };

function texts(notice: BillingNotice, workspace: string, product: string, facts: Facts): Text {
  const day = facts.trialEnd ? formatDate(facts.trialEnd, "dayLongMonthYear", facts.timeZone) : null;
  switch (notice) {
    case "trial_ending":
      // An admin who cancelled the trial is told what they chose, not that a charge is coming.
      if (facts.cancelled)
        return {
          title: "Your free trial ends in 3 days",
          message: `${workspace}'s free trial ends${day ? ` on ${day}` : " in 3 days"}. You cancelled it, so nothing will be charged; the workspace then becomes read-only until you subscribe.`,
          actionText: "Review billing",
          subject: `Your ${product} free trial ends in 3 days`,
          body: [
            `${workspace}'s free trial of ${product} ends${day ? ` on ${day}` : " in 3 days"}.`,
            "",
            "You cancelled it, so nothing will be charged. Everyone can still sign in, read and export afterwards; to keep sending surveys and adding people, subscribe at:",
          ],
        };
      return {
        title: "Your free trial ends in 3 days",
        message: `${workspace}'s free trial ends${day ? ` on ${day}` : " in 3 days"}. Your subscription then starts with the card you added; check your seats and card in Settings.`,
        actionText: "Review billing",
        subject: `Your ${product} free trial ends in 3 days`,
        body: [
          `${workspace}'s free trial of ${product} ends${day ? ` on ${day}` : " in 3 days"}.`,
          "",
          "Your subscription then starts with the card you added at signup. To check your seats, change your card or cancel, open:",
        ],
      };
    case "payment_failed":
      return {
        title: "Payment failed",
        message: `We could not charge the card on file for ${workspace}. Update your card to keep your workspace running.`,
        actionText: "Update card",
        subject: `Payment failed for ${workspace} on ${product}`,
        body: [
          `We could not charge the card on file for ${workspace}'s ${product} subscription.`,
          "",
          "Stripe will try again over the next few days. To update your card now, open:",
        ],
      };
    case "subscription_cancelled":
      return {
        title: "Subscription cancelled",
        message: `${workspace}'s subscription has ended. Your data is kept and can be read and exported; subscribe again to send surveys and add people.`,
        actionText: "Subscribe",
        subject: `Your ${product} subscription for ${workspace} has ended`,
        body: [
          `${workspace}'s ${product} subscription has ended.`,
          "",
          "Your data is kept: everyone can still sign in, read and export. To send surveys and add people again, subscribe at:",
        ],
      };
  }
}

/** Notifies every admin of the workspace, in the caller's transaction (so a rolled-back claim
 * sends nothing). Returns how many admins were told. */
export async function sendBillingNotice(tx: Tx, orgId: string, notice: BillingNotice): Promise<number> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { name: true, subdomain: true, trialEndDate: true, pulseTimeZone: true },
  });
  const account = await tx.billingAccount.findUnique({
    where: { organizationId: orgId },
    select: { cancelAtPeriodEnd: true },
  });
  // Whoever can act on the notice (billing.manage), asked of the permission map like other recipients.
  const admins = await tx.user.findMany({
    where: { organizationId: orgId, role: { in: rolesWith("billing.manage") } },
    select: { id: true, email: true, firstName: true },
    orderBy: { id: "asc" },
  });
  const product = env().PRODUCT_NAME;
  const t = texts(notice, org.name, product, {
    trialEnd: org.trialEndDate,
    timeZone: org.pulseTimeZone,
    cancelled: account?.cancelAtPeriodEnd ?? false,
  });
  const link = billingSettingsUrl(org.subdomain, env().rootDomain);
  const brand = await mailBrand(tx, orgId);
  for (const admin of admins) {
    await notify(tx, orgId, {
      userId: admin.id,
      type: `billing_${notice}`,
      title: t.title,
      message: t.message,
      actionUrl: BILLING_PATH,
      actionText: t.actionText,
    });
    await enqueueMail(tx, orgId, {
      kind: `billing_${notice}`,
      to: admin.email,
      ...(await billingNoticeMail({ brand, firstName: admin.firstName, subject: t.subject, body: t.body, link })),
    });
  }
  return admins.length;
}
