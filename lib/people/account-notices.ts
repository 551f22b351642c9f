import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { Role } from "@/lib/generated/prisma/enums";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { accountNoticeMail } from "@/lib/mail/templates/account-notice";
import { notify } from "@/lib/notifications/service";
import { safeName } from "@/lib/mail/safe-name";
import { orgKey } from "@/lib/db/tenant";

// Every change to a person's sign-in, role or sessions is told to that person, by e-mail through
// the outbox (in the transaction of the change, so no notice without the change and no change
// without its notice) and, where they can see it once signed in, in the app. One function per
// kind; the texts live here and nowhere else.

type Workspace = { firstName: string; email: string; origin: string; workspace: string; product: string };

/** What one notice says: the mail (to the person's current address unless `to`), and the in-app
 * line when they will see it after signing in. */
type Notice = {
  kind: string;
  to?: string;
  subject: string;
  lines: string[];
  inApp?: { title: string; message: string };
};

/** Composes and queues one notice for the person, in the caller's transaction. */
async function tell(tx: Tx, orgId: string, userId: string, compose: (w: Workspace) => Notice): Promise<void> {
  const row = await tx.user.findUnique({
    where: orgKey(orgId, userId),
    select: { firstName: true, email: true, organization: { select: { subdomain: true, name: true } } },
  });
  if (!row) return;
  const e = env();
  const w: Workspace = {
    firstName: row.firstName,
    email: row.email,
    origin: workspaceOrigin(row.organization.subdomain, e.rootDomain),
    workspace: row.organization.name,
    product: e.PRODUCT_NAME,
  };
  const n = compose(w);
  await enqueueMail(tx, orgId, {
    kind: n.kind,
    to: n.to ?? w.email,
    ...(await accountNoticeMail({
      brand: await mailBrand(tx, orgId),
      origin: w.origin,
      firstName: w.firstName,
      subject: n.subject,
      lines: n.lines,
    })),
  });
  if (n.inApp)
    await notify(tx, orgId, { userId, type: n.kind, ...n.inApp, actionUrl: "/settings", actionText: "Your account" });
}

const resetLink = (w: Workspace) => `${w.origin}/forgot-password`;

/** The person's password was changed from Settings (their other sessions ended). */
export async function noticePasswordChanged(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tell(tx, orgId, userId, (w) => ({
    kind: "account_password_changed",
    subject: `Your ${w.product} password was changed`,
    lines: [
      `The password of your ${w.product} account at ${w.workspace} was just changed, and every other session was signed out.`,
      "",
      `If you did not make this change, reset your password now: ${resetLink(w)}`,
    ],
    inApp: { title: "Your password was changed", message: "Your other sessions were signed out." },
  }));
}

/** The person's password was set from a reset link (every session ended). */
export async function noticePasswordReset(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tell(tx, orgId, userId, (w) => ({
    kind: "account_password_reset",
    subject: `Your ${w.product} password was reset`,
    lines: [
      `The password of your ${w.product} account at ${w.workspace} was just reset from a link sent to this address, and every session was signed out.`,
      "",
      `If this was not you, someone can read this mailbox: secure it, then reset your password again: ${resetLink(w)}`,
    ],
  }));
}

/** An admin changed the person's role; their sessions ended, since a session carries the role. */
export async function noticeRoleChanged(
  tx: Tx,
  orgId: string,
  userId: string,
  change: { from: Role; to: Role; by: string; sessionsEnded: number },
): Promise<void> {
  const by = safeName(change.by) ?? "An administrator";
  const signedOut =
    change.sessionsEnded > 0
      ? " You were signed out, so that the new role applies at once: sign in again to continue."
      : "";
  await tell(tx, orgId, userId, (w) => ({
    kind: "account_role_changed",
    subject: `Your role in ${w.workspace} on ${w.product} changed`,
    lines: [
      `${by} changed your role in ${w.workspace} from ${change.from} to ${change.to}.${signedOut}`,
      "",
      `Sign in: ${w.origin}/login`,
    ],
    inApp: { title: "Your role changed", message: `${by} changed your role from ${change.from} to ${change.to}.` },
  }));
}

/** To the address the person is leaving: their e-mail changed, with the link that undoes it. */
export async function noticeEmailChanged(
  tx: Tx,
  orgId: string,
  userId: string,
  change: { oldEmail: string; newEmail: string; undoLink: string },
): Promise<void> {
  await tell(tx, orgId, userId, (w) => ({
    kind: "account_email_changed",
    to: change.oldEmail,
    subject: `Your ${w.product} e-mail was changed`,
    lines: [
      `The e-mail of your ${w.product} account at ${w.workspace} was changed from ${change.oldEmail} to ${change.newEmail}, and every session was signed out.`,
      "",
      "If you did not make this change, open this link within 7 days to undo it; it restores this address and signs everyone out:",
      change.undoLink,
    ],
    inApp: { title: "Your e-mail changed", message: `You now sign in with ${change.newEmail}.` },
  }));
}

/** To the restored address: the change was undone; the person should choose a new password. */
export async function noticeEmailChangeUndone(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tell(tx, orgId, userId, (w) => ({
    kind: "account_email_restored",
    subject: `Your ${w.product} e-mail was restored`,
    lines: [
      `Your ${w.product} account at ${w.workspace} uses ${w.email} again, and every session was signed out.`,
      "",
      `If you did not make the change you undid, someone may know your password: reset it now: ${resetLink(w)}`,
    ],
  }));
}
