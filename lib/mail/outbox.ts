import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { jobsInTransaction } from "@/lib/jobs/in-transaction";
import { QUEUES, type MailDeliverJob } from "@/lib/jobs/queues";
import { mailAttachmentsSchema, type MailAttachment } from "@/lib/mail/attachments";
import { oneLine } from "@/lib/mail/safe-name";
import type { RenderedMail } from "@/lib/mail/templates/types";

/** A message for the outbox: always a rendered template (lib/mail/templates), so every message has
 * its HTML part in the company's look and its plain-text part, from the same props. */
export type MailInput = RenderedMail & {
  to: string;
  kind: string;
  ref?: string | null;
  /** A survey invitation's e-mail: its invitation. The text holds SURVEY_TOKEN_PLACEHOLDER where the
   * link's token goes; delivery issues the token (lib/surveys/link-token.ts). */
  invitationId?: string | null;
  /** Text files sent with the message (a calendar invitation); validated, see lib/mail/attachments.ts. */
  attachments?: MailAttachment[];
};

/**
 * Stores a message in the outbox and queues its delivery in the same transaction as the action
 * that causes it: if the action rolls back, no mail goes out; if it commits, the mail is sent by
 * the worker with retries, however long the provider is down. Recipient and subject are stored on
 * one line (oneLine), so whatever a template put into them cannot start another header.
 */
export async function enqueueMail(tx: Tx, orgId: string, mail: MailInput): Promise<string> {
  const attachments = mail.attachments?.length ? mailAttachmentsSchema.parse(mail.attachments) : null;
  const row = await tx.mailMessage.create({
    data: {
      organizationId: orgId,
      to: oneLine(mail.to),
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html,
      kind: mail.kind,
      ref: mail.ref ?? null,
      invitationId: mail.invitationId ?? null,
      ...(attachments ? { attachments } : {}),
    },
    select: { id: true },
  });
  await queueDelivery(tx, orgId, row.id);
  return row.id;
}

/**
 * Queues one delivery job for a stored message, in the caller's transaction. The singleton key is
 * the message id, so pgboss.job can be asked whether a message has a live job (lib/mail/sweep.ts).
 */
export async function queueDelivery(tx: Tx, orgId: string, messageId: string): Promise<void> {
  const job: MailDeliverJob = { orgId, messageId };
  const b = await boss();
  await b.send(QUEUES.mailDeliver.name, job, {
    ...QUEUES.mailDeliver.options,
    singletonKey: messageId,
    db: jobsInTransaction(tx),
  });
}

/**
 * Many messages at once (bulk import): one insert for the rows and one for their jobs, still in
 * the caller's transaction, so 10,000 invitations cost two statements instead of 20,000.
 */
export async function enqueueMails(tx: Tx, orgId: string, mails: MailInput[]): Promise<number> {
  if (mails.length === 0) return 0;
  // One INSERT from column arrays: Prisma's createManyAndReturn is about ten times slower here.
  const rows = mails.map(() => ({ id: randomUUID() }));
  const col = (f: (m: MailInput) => string | null) => mails.map(f);
  await tx.$executeRaw`
    INSERT INTO "MailMessage" ("organizationId", "id", "to", "subject", "text", "html", "kind", "ref", "invitationId")
    SELECT ${orgId}::uuid, v.*
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${col((m) => oneLine(m.to))}::text[], ${col((m) => oneLine(m.subject))}::text[], ${col((m) => m.text)}::text[],
                ${col((m) => m.html)}::text[], ${col((m) => m.kind)}::text[], ${col((m) => m.ref ?? null)}::text[],
                ${col((m) => m.invitationId ?? null)}::uuid[]) AS v`;
  await queueDeliveries(
    tx,
    orgId,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** queueDelivery for many messages in one statement (bulk import, an admin's retry of a round). */
export async function queueDeliveries(tx: Tx, orgId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const { name, options } = QUEUES.mailDeliver;
  const b = await boss();
  await b.insert(
    messageIds.map((id) => ({
      name,
      data: { orgId, messageId: id } satisfies MailDeliverJob,
      singletonKey: id,
      ...options,
    })),
    { db: jobsInTransaction(tx) },
  );
}

/**
 * Queues the messages a workspace's e-mail verification held back (isHeldForVerification in
 * lib/mail/delivery-policy.ts: every pending message not to the verification address), in the
 * verifying transaction, so they go out at once instead of waiting for the sweep. Held messages
 * were never claimed or tried; one that also has a live job is still sent once (the claim).
 */
export async function releaseHeldMail(tx: Tx, orgId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT m."id" FROM "MailMessage" m JOIN "Organization" o ON o."id" = m."organizationId"
    WHERE m."organizationId" = ${orgId}::uuid AND m."status" = 'pending'
      AND lower(m."to") IS DISTINCT FROM lower(o."verificationEmail")`;
  await queueDeliveries(
    tx,
    orgId,
    rows.map((r) => r.id),
  );
  return rows.length;
}
