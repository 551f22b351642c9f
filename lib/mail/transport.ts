import "server-only";
import { link, mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Resend } from "resend";
import { env } from "@/lib/config/env";
import { log } from "@/lib/log/logger";
import type { MailAttachment } from "@/lib/mail/attachments";
import { oneLine } from "@/lib/mail/safe-name";
import { namedAddress } from "@/lib/mail/sender";

/** `id` is the outbox id: providers that support it use it as an idempotency key. */
export type OutgoingMail = {
  id: string;
  /** The From header: an address, or a display name and address ("Acme People" <no-reply@...>). */
  from: string;
  /** The workspace's reply-to address, when it has one. */
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: MailAttachment[];
  /** When the message entered the outbox (the same on every attempt). */
  queuedAt?: Date;
};
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<{ providerId: string }>;
}

/** Writes each message as an .eml file under <DATA_DIR>/mail and logs it: the transport when no
 * provider is configured, so a self-hosted or development installation still shows its mail.
 * One file per outbox message, named by when it was queued and its id: a delivery that died
 * after writing it and before recording it sent is retried, finds the file and writes nothing
 * again (what Resend's idempotency key does for the real provider). */
export function fileTransport(dir: string): MailTransport {
  return {
    name: "file",
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const stamp = (mail.queuedAt ?? new Date()).toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${mail.id}.eml`);
      // Written whole under a name of its own beside the folder (readers of the folder never see
      // it), then linked to its final name, which fails when a first delivery got there: no
      // reader ever sees half a message, and none sees two.
      const staging = `${dir}.partial`;
      await mkdir(staging, { recursive: true });
      const partial = path.join(staging, `${mail.id}-${randomUUID()}.eml`);
      await writeFile(partial, toEml(mail, mail.id), "utf8");
      try {
        await link(partial, file);
        log.info("mail.written", { to: mail.to, subject: mail.subject, file });
      } catch (err) {
        if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
        log.info("mail.already_written", { file });
      } finally {
        await unlink(partial);
      }
      return { providerId: mail.id };
    },
  };
}

export function resendTransport(apiKey: string, baseUrl?: string): MailTransport {
  // A base URL other than Resend's own: a regional endpoint, or a local fake in tests.
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    name: "resend",
    async send(mail) {
      const { data, error } = await client.emails.send(
        {
          from: mail.from,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          // Binary content is sent base64-encoded by the SDK; a string would be taken as base64 already.
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: Buffer.from(a.content, "utf8"),
                })),
              }
            : {}),
        },
        // Resend drops a repeated send with the same key, a last guard against duplicates.
        { idempotencyKey: `outbox-${mail.id}` },
      );
      if (error || !data) throw new Error(`Resend refused the message: ${error?.message ?? "no id returned"}`);
      return { providerId: data.id };
    },
  };
}

export function configuredTransport(): MailTransport {
  const e = env();
  return e.RESEND_API_KEY
    ? resendTransport(e.RESEND_API_KEY, e.RESEND_BASE_URL)
    : fileTransport(path.join(e.DATA_DIR, "mail"));
}

const encodeHeader = (v: string) =>
  /^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${Buffer.from(v, "utf8").toString("base64")}?=`;
/** An address header's value: a display name that is not plain ASCII is encoded on its own (an
 * encoded word may not cover the address itself), the address stays as it is. */
function addressHeader(v: string): string {
  const parts = namedAddress(v);
  if (!parts) return encodeHeader(v);
  const { name, address } = parts;
  if (!name) return `<${address}>`;
  // Words and spaces stand as they are; other ASCII (a full stop, a comma) is quoted.
  if (/^[A-Za-z0-9 !#$%&'*+/=?^_`{|}~-]+$/.test(name!)) return `${name} <${address}>`;
  return /^[\x20-\x7e]*$/.test(name!) ? `"${name}" <${address}>` : `${encodeHeader(name!)} <${address}>`;
}
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n");

/** A standards-shaped RFC 5322 message (multipart/alternative when there is HTML, inside
 * multipart/mixed when there are attachments) any mail client opens. */
export function toEml(mail: OutgoingMail, id: string): string {
  const head = [
    `Message-ID: <${id}@pulsewell.local>`,
    `Date: ${new Date().toUTCString()}`,
    `From: ${addressHeader(oneLine(mail.from))}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `To: ${oneLine(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    "MIME-Version: 1.0",
  ];
  const textPart = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", b64(mail.text)];
  const alt = `b-${id}`;
  const body: string[] = !mail.html
    ? textPart
    : [
        `Content-Type: multipart/alternative; boundary="${alt}"`,
        "",
        `--${alt}`,
        ...textPart,
        `--${alt}`,
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        b64(mail.html),
        `--${alt}--`,
      ];
  const files = mail.attachments ?? [];
  if (files.length === 0) return [...head, ...body, ""].join("\r\n");
  const mixed = `m-${id}`;
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    "",
    `--${mixed}`,
    ...body,
    ...files.flatMap((f) => [
      `--${mixed}`,
      `Content-Type: ${f.contentType}; name="${f.filename}"`,
      `Content-Disposition: attachment; filename="${f.filename}"`,
      "Content-Transfer-Encoding: base64",
      "",
      b64(f.content),
    ]),
    `--${mixed}--`,
    "",
  ].join("\r\n");
}
