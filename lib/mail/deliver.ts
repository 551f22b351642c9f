import "server-only";
import { env } from "@/lib/config/env";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { configuredTransport, type MailTransport } from "@/lib/mail/transport";
import { isHeldForVerification } from "@/lib/mail/delivery-policy";
import { attachmentsOf } from "@/lib/mail/attachments";
import { oneLine } from "@/lib/mail/safe-name";
import { fromHeader, safeReplyTo } from "@/lib/mail/sender";
import { log } from "@/lib/log/logger";
import { issueSurveyToken, withSurveyToken } from "@/lib/surveys/link-token";

// Longer than any send may take; a delivery that dies mid-way frees the message after this.
const CLAIM_MS = 5 * 60 * 1000;

/** withoutLinkTokens's pattern and replacement for PostgreSQL's regexp_replace: closing a survey
 * blanks the links of its mail not delivered (lib/surveys/round-lifecycle.ts). */
export const LINK_TOKEN_PATTERN = `([?&#]token=)[^[:space:]&"'<>]+`;
export const LINK_TOKEN_REDACTED = "\\1removed-after-delivery";

/** The single-use tokens in a message's links (invitations, password resets, survey links), blanked. */
function withoutLinkTokens(body: string): string {
  return body.replace(/([?&#]token=)[^\s&"'<>]+/g, "$1removed-after-delivery");
}

/**
 * Whether a pending message must wait for its workspace's e-mail verification. An unverified
 * answer is asked again with the organisation row share-locked: a verification committing at
 * this moment holds that row, so this waits for it and then sees it, and a message whose job
 * runs while the held mail is being released is sent rather than held again.
 */
async function heldForVerification(tx: Tx, orgId: string, messageId: string): Promise<boolean> {
  const [msg] = await tx.$queryRaw<{ emailVerifiedAt: Date | null; verificationEmail: string | null; to: string }[]>`
    SELECT o."emailVerifiedAt", o."verificationEmail", m."to"
    FROM "MailMessage" m JOIN "Organization" o ON o."id" = m."organizationId"
    WHERE m."organizationId" = ${orgId}::uuid AND m."id" = ${messageId}::uuid AND m."status" = 'pending'`;
  if (!msg || !isHeldForVerification(msg, msg.to)) return false;
  const [org] = await tx.$queryRaw<{ emailVerifiedAt: Date | null; verificationEmail: string | null }[]>`
    SELECT "emailVerifiedAt", "verificationEmail" FROM "Organization" WHERE "id" = ${orgId}::uuid FOR SHARE`;
  return !!org && isHeldForVerification(org, msg.to);
}

const withAttachments = (stored: unknown) => {
  const attachments = attachmentsOf(stored);
  return attachments.length ? { attachments } : {};
};

/**
 * Sends one outbox message. The message is first claimed with a conditional update, so two
 * overlapping deliveries (a retry while a slow send runs, two workers) never both send it, and a
 * message already sent is skipped. A transport failure releases the claim and throws, so the job
 * is retried with back-off. A message held for its workspace's e-mail verification is left
 * pending and unclaimed, and its job ends without a retry: verifying queues it again
 * (lib/org/email-verification.ts), so waiting costs no attempts and never exhausts them.
 */
export async function deliverMail(
  orgId: string,
  messageId: string,
  transport: MailTransport = configuredTransport(),
): Promise<"sent" | "skipped" | "held"> {
  const now = new Date();
  const key = orgKey(orgId, messageId);
  const msg = await withOrg(orgId, async (tx) => {
    if (await heldForVerification(tx, orgId, messageId)) return "held" as const;
    const claimed = await tx.mailMessage.updateMany({
      where: {
        organizationId: orgId,
        id: messageId,
        status: "pending",
        OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }],
      },
      data: { lockedUntil: new Date(now.getTime() + CLAIM_MS) },
    });
    if (claimed.count !== 1) return null;
    const [row, org] = await Promise.all([
      tx.mailMessage.findUnique({ where: key }),
      tx.organization.findUnique({ where: { id: orgId }, select: { mailSenderName: true, mailReplyTo: true } }),
    ]);
    return row ? { ...row, sender: org } : null;
  });
  if (msg === "held") {
    log.debug("mail.held", { orgId, messageId });
    return "held";
  }
  if (!msg) return "skipped";
  try {
    // A survey invitation's link gets its token now, in memory only; its hash is committed before
    // the provider sees the link, and a retry issues a new one (lib/surveys/link-token.ts).
    const invitationId = msg.invitationId;
    const token =
      invitationId === null ? null : await withOrg(orgId, (tx) => issueSurveyToken(tx, orgId, invitationId));
    const body = (stored: string) => (invitationId === null ? stored : withSurveyToken(stored, token));
    // One line each, also for rows stored before the outbox made them so: no header can be added.
    // The workspace's sender name and reply-to, checked again here (a row written before the rule
    // or by hand gets neither); the address stays the installation's.
    const replyTo = safeReplyTo(msg.sender?.mailReplyTo);
    const { providerId } = await transport.send({
      id: msg.id,
      from: fromHeader(env().mailFrom, msg.sender?.mailSenderName),
      ...(replyTo ? { replyTo } : {}),
      to: oneLine(msg.to),
      subject: oneLine(msg.subject),
      text: body(msg.text),
      html: msg.html === null ? null : body(msg.html),
      ...withAttachments(msg.attachments),
      queuedAt: msg.createdAt,
    });
    await withOrg(orgId, (tx) =>
      tx.mailMessage.update({
        where: key,
        // Once delivered, the stored copy keeps no usable link: a copy of the database must not
        // let anyone set someone's password (a survey invitation's stored text never had its token).
        data: {
          status: "sent",
          sentAt: new Date(),
          providerId,
          attempts: { increment: 1 },
          lastError: null,
          lockedUntil: null,
          text: withoutLinkTokens(msg.text),
          html: msg.html === null ? null : withoutLinkTokens(msg.html),
        },
      }),
    );
    return "sent";
  } catch (err) {
    await withOrg(orgId, (tx) =>
      tx.mailMessage.update({
        where: key,
        // The claim ends now; its end stays as the time of the last attempt, from which the sweep
        // (lib/mail/sweep.ts) backs off before it re-queues a message whose job gave up.
        data: {
          attempts: { increment: 1 },
          lastError: err instanceof Error ? err.message.slice(0, 500) : "send failed",
          lockedUntil: new Date(),
        },
      }),
    );
    log.warn("mail.retry", { orgId, messageId, transport: transport.name, err });
    throw err;
  }
}
