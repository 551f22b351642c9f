import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { withOrg } from "@/lib/db/tenant";
import { enqueueMail } from "@/lib/mail/outbox";
import { deliverMail } from "@/lib/mail/deliver";
import { resendTransport } from "@/lib/mail/transport";
import { createOrg } from "../support/factories";

// The real Resend SDK talking over HTTP to a local stand-in for Resend's API, which can be told
// to fail like an outage.
type Received = { auth: string | undefined; idempotencyKey: string | undefined; body: Record<string, unknown> };
const received: Received[] = [];
let failNext = 0;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/emails") {
        res.writeHead(404).end();
        return;
      }
      if (failNext > 0) {
        failNext--;
        res
          .writeHead(503, { "content-type": "application/json" })
          .end(JSON.stringify({ name: "application_error", message: "Service unavailable", statusCode: 503 }));
        return;
      }
      received.push({
        auth: req.headers.authorization,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        body: JSON.parse(data) as Record<string, unknown>,
      });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `re_${received.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

async function enqueue(orgId: string) {
  return withOrg(orgId, (tx) =>
    enqueueMail(tx, orgId, {
      to: "ana@example.com",
      subject: "Hello",
      text: "Body text",
      html: "<p>Body text</p>",
      kind: "test",
    }),
  );
}

describe("Resend transport", () => {
  it("sends through the Resend API with the key, the fields and an idempotency key", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    expect(await deliverMail(orgId, id, resendTransport("re_test_key", baseUrl))).toBe("sent");
    const last = received.at(-1)!;
    expect(last.auth).toBe("Bearer re_test_key");
    expect(last.idempotencyKey).toBe(`outbox-${id}`);
    expect(last.body).toMatchObject({
      to: "ana@example.com",
      subject: "Hello",
      text: "Body text",
      from: "Pulsewell <no-reply@localhost>",
    });
    const row = await withOrg(orgId, (tx) =>
      tx.mailMessage.findFirst({ where: { id }, select: { status: true, providerId: true } }),
    );
    expect(row).toEqual({ status: "sent", providerId: `re_${received.length}` });
  });

  it("sends the workspace's sender name with the installation's address, its reply-to and the HTML part", async () => {
    const { orgId } = await createOrg();
    await withOrg(orgId, (tx) =>
      tx.organization.update({
        where: { id: orgId },
        data: { mailSenderName: "Acme People", mailReplyTo: "people@acme.example" },
        select: { id: true },
      }),
    );
    const id = await enqueue(orgId);
    expect(await deliverMail(orgId, id, resendTransport("re_test_key", baseUrl))).toBe("sent");
    expect(received.at(-1)!.body).toMatchObject({
      from: '"Acme People" <no-reply@localhost>',
      reply_to: "people@acme.example",
      html: "<p>Body text</p>",
    });
  });

  it("sends stored attachments, base64-encoded, with their names and types", async () => {
    const { orgId } = await createOrg();
    const ics = "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nSUMMARY:Grüße\r\nEND:VCALENDAR\r\n";
    const id = await withOrg(orgId, (tx) =>
      enqueueMail(tx, orgId, {
        to: "ana@example.com",
        subject: "Cancelled",
        text: "Body",
        html: "<p>Body</p>",
        kind: "test",
        attachments: [
          { filename: "cancel.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL", content: ics },
        ],
      }),
    );
    expect(await deliverMail(orgId, id, resendTransport("re_test_key", baseUrl))).toBe("sent");
    const sent = received.at(-1)!.body.attachments as {
      filename: string;
      content: string;
      content_type?: string;
      contentType?: string;
    }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.filename).toBe("cancel.ics");
    expect(sent[0]!.content_type ?? sent[0]!.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(Buffer.from(sent[0]!.content, "base64").toString("utf8")).toBe(ics);
  });

  it("keeps the message through an outage and sends it once the provider is back", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    const before = received.length;
    failNext = 2;
    const t = resendTransport("re_test_key", baseUrl);
    await expect(deliverMail(orgId, id, t)).rejects.toThrow(/Service unavailable/);
    await expect(deliverMail(orgId, id, t)).rejects.toThrow(/Service unavailable/);
    let row = await withOrg(orgId, (tx) =>
      tx.mailMessage.findFirst({ where: { id }, select: { status: true, attempts: true } }),
    );
    expect(row).toEqual({ status: "pending", attempts: 2 });
    expect(await deliverMail(orgId, id, t)).toBe("sent");
    expect(received.length).toBe(before + 1);
    row = await withOrg(orgId, (tx) =>
      tx.mailMessage.findFirst({ where: { id }, select: { status: true, attempts: true } }),
    );
    expect(row).toEqual({ status: "sent", attempts: 3 });
  });
});
