import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/tenant";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { enqueueMail, enqueueMails, type MailInput } from "@/lib/mail/outbox";
import { greeting, safeName } from "@/lib/mail/safe-name";
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

function invitationMail(ws: Workspace, invitee: Invitee, inviterName: string | null, token: string): MailInput {
  const product = env().PRODUCT_NAME;
  return {
    kind: "invitation",
    to: invitee.email,
    subject: `You're invited to ${ws.name} on ${product}`,
    text: [
      greeting(invitee.firstName),
      "",
      `${safeName(inviterName) ?? "Your administrator"} added you to ${ws.name}'s workspace on ${product}, where your team answers a two-minute weekly pulse survey and shares feedback anonymously.`,
      "",
      "Open this link within 7 days to choose your password:",
      invitationLink(ws.subdomain, token),
      "",
      `After that, sign in at ${workspaceOrigin(ws.subdomain, env().rootDomain)}/login with ${invitee.email}.`,
    ].join("\n"),
  };
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
  await enqueueMail(tx, orgId, invitationMail(ws, invitee, inviterName, token));
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
  return enqueueMails(
    tx,
    orgId,
    invitees.map((u, i) => invitationMail(ws, u, inviterName, tokens[i]!)),
  );
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
