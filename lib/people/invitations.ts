import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/tenant";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail, enqueueMails, type MailInput } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { peopleInvitationMails } from "@/lib/mail/templates/people-invitation";
import { consumeToken, hashToken, issueToken } from "@/lib/auth/tokens";
import { hashPassword } from "@/lib/auth/password";
import { revokeUserSessions } from "@/lib/auth/sessions";

// People added by an admin get a single-use link, valid 7 days, to set a password (docs/decisions.md
// (Accounts and sign-in)).
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type Invitee = { id: string; email: string; firstName: string };
type Workspace = { orgId: string; subdomain: string; name: string };

function invitationLink(subdomain: string, token: string): string {
  return `${workspaceOrigin(subdomain, env().rootDomain)}/accept-invite?token=${encodeURIComponent(token)}`;
}

/** The invitation e-mails of `invitees` (tokens[i] is invitees[i]'s), rendered once for all. */
async function invitationMails(
  tx: Tx,
  ws: Workspace,
  invitees: Invitee[],
  inviterName: string | null,
  tokens: string[],
): Promise<MailInput[]> {
  const mails = await peopleInvitationMails({
    brand: await mailBrand(tx, ws.orgId),
    product: env().PRODUCT_NAME,
    workspaceName: ws.name,
    inviterName,
    loginUrl: `${workspaceOrigin(ws.subdomain, env().rootDomain)}/login`,
    invitees: invitees.map((u, i) => ({
      firstName: u.firstName,
      email: u.email,
      link: invitationLink(ws.subdomain, tokens[i]!),
    })),
  });
  return mails.map((m, i) => ({ kind: "invitation", to: invitees[i]!.email, ...m }));
}

async function workspaceOf(tx: Tx, orgId: string): Promise<Workspace> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { subdomain: true, name: true },
  });
  return { orgId, ...org };
}

/** Issues a fresh invitation (any earlier link stops working) and queues its e-mail, in the
 * caller's transaction. */
export async function sendInvitation(
  tx: Tx,
  orgId: string,
  invitee: Invitee,
  inviterName: string | null,
): Promise<void> {
  const ws = await workspaceOf(tx, orgId);
  const token = await issueToken(tx, orgId, invitee.id, "invitation", INVITATION_TTL_MS);
  const [mail] = await invitationMails(tx, ws, [invitee], inviterName, [token]);
  await enqueueMail(tx, orgId, mail!);
  await tx.user.update({
    where: orgKey(orgId, invitee.id),
    data: { invitedAt: new Date() },
  });
}

/** Invitations for many new people at once (bulk import): tokens, mails and jobs in a few
 * statements. The people must be new (no earlier invitation to cancel). */
export async function sendInvitations(
  tx: Tx,
  orgId: string,
  invitees: Invitee[],
  inviterName: string | null,
): Promise<number> {
  if (invitees.length === 0) return 0;
  const ws = await workspaceOf(tx, orgId);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const tokens = invitees.map(() => randomBytes(32).toString("base64url"));
  // One INSERT from column arrays: Prisma's createMany is about ten times slower here.
  await tx.$executeRaw`
    INSERT INTO "AuthToken" ("organizationId", "id", "userId", "purpose", "tokenHash", "expiresAt")
    SELECT ${orgId}::uuid, v.id, v.user_id, 'invitation', v.token_hash, ${expiresAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'
    FROM unnest(${invitees.map(() => randomUUID())}::uuid[], ${invitees.map((u) => u.id)}::uuid[], ${tokens.map(hashToken)}::text[]) AS v(id, user_id, token_hash)`;
  await tx.user.updateMany({
    where: { organizationId: orgId, id: { in: invitees.map((u) => u.id) } },
    data: { invitedAt: new Date() },
  });
  return enqueueMails(tx, orgId, await invitationMails(tx, ws, invitees, inviterName, tokens));
}

/** Sets the invited person's password from their link; false when the link is invalid, used or
 * expired. */
export async function acceptInvitation(orgId: string, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return withOrg(orgId, async (tx) => {
    const userId = await consumeToken(tx, orgId, token, "invitation");
    if (!userId) return false;
    await tx.user.update({
      where: orgKey(orgId, userId),
      data: { passwordHash, passwordSetAt: new Date() },
    });
    await revokeUserSessions(tx, orgId, userId);
    return true;
  });
}
