import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { Role } from "@/lib/generated/prisma/enums";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail } from "@/lib/mail/outbox";
import { notify } from "@/lib/notifications/service";
import { greeting as hello, safeName } from "@/lib/mail/safe-name";

// Every change to a person's sign-in, role or sessions is told to that person, by e-mail through
// the outbox (in the transaction of the change, so no notice without the change and no change
// without its notice) and, where they can see it once signed in, in the app. One function per
// kind; the texts live here and nowhere else.

type Person = { firstName: string; email: string };

async function personAndWorkspace(tx: Tx, orgId: string, userId: string): Promise<{ person: Person; origin: string; workspace: string } | null> {
  const row = await tx.user.findUnique({
    where: { organizationId_id: { organizationId: orgId, id: userId } },
    select: { firstName: true, email: true, organization: { select: { subdomain: true, name: true } } },
  });
  if (!row) return null;
  return { person: { firstName: row.firstName, email: row.email }, origin: workspaceOrigin(row.organization.subdomain, env().rootDomain), workspace: row.organization.name };
}

const greeting = (p: Person) => hello(p.firstName);
const NOT_YOU = "If you did not make this change, reset your password now:";

/** The person's password was changed from Settings (their other sessions ended). */
export async function noticePasswordChanged(tx: Tx, orgId: string, userId: string): Promise<void> {
  const w = await personAndWorkspace(tx, orgId, userId);
  if (!w) return;
  const product = env().PRODUCT_NAME;
  await enqueueMail(tx, orgId, {
    kind: "account_password_changed",
    to: w.person.email,
    subject: `Your ${product} password was changed`,
    text: [
      greeting(w.person),
      "",
      `The password of your ${product} account at ${w.workspace} was just changed, and every other session was signed out.`,
      "",
      `${NOT_YOU} ${w.origin}/forgot-password`,
    ].join("\n"),
  });
  await notify(tx, orgId, { userId, type: "account_password_changed", title: "Your password was changed", message: "Your other sessions were signed out.", actionUrl: "/settings", actionText: "Your account" });
}

/** The person's password was set from a reset link (every session ended). */
export async function noticePasswordReset(tx: Tx, orgId: string, userId: string): Promise<void> {
  const w = await personAndWorkspace(tx, orgId, userId);
  if (!w) return;
  const product = env().PRODUCT_NAME;
  await enqueueMail(tx, orgId, {
    kind: "account_password_reset",
    to: w.person.email,
    subject: `Your ${product} password was reset`,
    text: [
      greeting(w.person),
      "",
      `The password of your ${product} account at ${w.workspace} was just reset from a link sent to this address, and every session was signed out.`,
      "",
      `If this was not you, someone can read this mailbox: secure it, then reset your password again: ${w.origin}/forgot-password`,
    ].join("\n"),
  });
}

/** An admin changed the person's role; their sessions ended, since a session carries the role. */
export async function noticeRoleChanged(tx: Tx, orgId: string, userId: string, change: { from: Role; to: Role; by: string; sessionsEnded: number }): Promise<void> {
  const w = await personAndWorkspace(tx, orgId, userId);
  if (!w) return;
  const product = env().PRODUCT_NAME;
  const by = safeName(change.by) ?? "An administrator";
  const signedOut = change.sessionsEnded > 0 ? " You were signed out, so that the new role applies at once: sign in again to continue." : "";
  await enqueueMail(tx, orgId, {
    kind: "account_role_changed",
    to: w.person.email,
    subject: `Your role in ${w.workspace} on ${product} changed`,
    text: [
      greeting(w.person),
      "",
      `${by} changed your role in ${w.workspace} from ${change.from} to ${change.to}.${signedOut}`,
      "",
      `Sign in: ${w.origin}/login`,
    ].join("\n"),
  });
  await notify(tx, orgId, { userId, type: "account_role_changed", title: "Your role changed", message: `${by} changed your role from ${change.from} to ${change.to}.`, actionUrl: "/settings", actionText: "Your account" });
}

/** To the address the person is leaving: their e-mail changed, with the link that undoes it. */
export async function noticeEmailChanged(tx: Tx, orgId: string, userId: string, change: { oldEmail: string; newEmail: string; undoLink: string }): Promise<void> {
  const w = await personAndWorkspace(tx, orgId, userId);
  if (!w) return;
  const product = env().PRODUCT_NAME;
  await enqueueMail(tx, orgId, {
    kind: "account_email_changed",
    to: change.oldEmail,
    subject: `Your ${product} e-mail was changed`,
    text: [
      greeting(w.person),
      "",
      `The e-mail of your ${product} account at ${w.workspace} was changed from ${change.oldEmail} to ${change.newEmail}, and every session was signed out.`,
      "",
      "If you did not make this change, open this link within 7 days to undo it; it restores this address and signs everyone out:",
      change.undoLink,
    ].join("\n"),
  });
  await notify(tx, orgId, { userId, type: "account_email_changed", title: "Your e-mail changed", message: `You now sign in with ${change.newEmail}.`, actionUrl: "/settings", actionText: "Your account" });
}

/** To the restored address: the change was undone; the person should choose a new password. */
export async function noticeEmailChangeUndone(tx: Tx, orgId: string, userId: string): Promise<void> {
  const w = await personAndWorkspace(tx, orgId, userId);
  if (!w) return;
  const product = env().PRODUCT_NAME;
  await enqueueMail(tx, orgId, {
    kind: "account_email_restored",
    to: w.person.email,
    subject: `Your ${product} e-mail was restored`,
    text: [
      greeting(w.person),
      "",
      `Your ${product} account at ${w.workspace} uses ${w.person.email} again, and every session was signed out.`,
      "",
      `If you did not make the change you undid, someone may know your password: reset it now: ${w.origin}/forgot-password`,
    ].join("\n"),
  });
}
