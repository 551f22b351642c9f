import "server-only";
import { withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { configuredTransport, type MailTransport } from "@/lib/mail/transport";
import { log } from "@/lib/log/logger";

/**
 * Sends one outbox message. Throws on a transport failure so the job is retried with back-off;
 * a message already sent is skipped, so a retried or duplicated job never mails twice.
 */
export async function deliverMail(orgId: string, messageId: string, transport: MailTransport = configuredTransport()): Promise<"sent" | "skipped"> {
  const msg = await withOrg(orgId, (tx) =>
    tx.mailMessage.findUnique({ where: { organizationId_id: { organizationId: orgId, id: messageId } } }),
  );
  if (!msg || msg.status === "sent") return "skipped";
  try {
    const { providerId } = await transport.send({ from: env().mailFrom, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    await withOrg(orgId, (tx) =>
      tx.mailMessage.update({
        where: { organizationId_id: { organizationId: orgId, id: messageId } },
        data: { status: "sent", sentAt: new Date(), providerId, attempts: { increment: 1 }, lastError: null },
      }),
    );
    return "sent";
  } catch (err) {
    await withOrg(orgId, (tx) =>
      tx.mailMessage.update({
        where: { organizationId_id: { organizationId: orgId, id: messageId } },
        data: { attempts: { increment: 1 }, lastError: err instanceof Error ? err.message.slice(0, 500) : "send failed" },
      }),
    );
    log.warn("mail.retry", { orgId, messageId, transport: transport.name, err });
    throw err;
  }
}
