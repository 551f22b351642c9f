import { describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { enqueueMail, type MailInput } from "@/lib/mail/outbox";
import { deliverMail } from "@/lib/mail/deliver";
import { toEml, fileTransport, type MailTransport } from "@/lib/mail/transport";
import { ownerClient } from "../support/owner-client";
import { recordingTransport } from "../support/recording-transport";
import { createOrg, createUser, uniqueName } from "../support/factories";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { hashToken } from "@/lib/auth/token-hash";

const owner = ownerClient();

const mailDir = () => path.join(process.env.DATA_DIR!, uniqueName("mail"));
const emlFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));

const enqueue = (orgId: string, mail: Partial<MailInput> = {}) =>
  withOrg(orgId, (tx) =>
    enqueueMail(tx, orgId, {
      kind: "test",
      to: "rosa@example.com",
      subject: "Hello",
      text: "Plain body",
      html: "<p>Plain body</p>",
      ...mail,
    }),
  );

const message = (orgId: string, id: string) =>
  withOrg(orgId, (tx) =>
    tx.mailMessage.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }),
  );

const jobsFor = async (messageId: string) =>
  (
    await owner().query("SELECT id FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'messageId' = $1", [
      messageId,
    ])
  ).rows;

/** Splits an .eml into headers and its (base64) parts, decoded. */
function parseEml(raw: string) {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of head!.split("\r\n")) {
    const i = line.indexOf(": ");
    headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 2));
  }
  return { headers, body: rest.join("\r\n\r\n") };
}
const decodeB64 = (s: string) => Buffer.from(s.replace(/\r\n/g, "").trim(), "base64").toString("utf8");
/** The decoded text/plain and text/html parts of a multipart/alternative .eml. */
function alternatives(raw: string): { text: string; html: string } {
  const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => parseEml(p.replace(/^\r\n/, "")));
  const part = (type: string) => decodeB64(parts.find((p) => p.headers.get("content-type")!.startsWith(type))!.body);
  return { text: part("text/plain"), html: part("text/html") };
}
const decodeWord = (v: string) => {
  const m = v.match(/^=\?UTF-8\?B\?(.*)\?=$/);
  return m ? Buffer.from(m[1]!, "base64").toString("utf8") : v;
};

describe("deliverMail with the file transport", () => {
  it("writes an .eml file with the headers and the decoded text, and marks the row sent", async () => {
    const { orgId } = await createOrg();
    const dir = mailDir();
    const text = `Grüße aus Köln!\n\n${"A long line of text that needs wrapping in base64. ".repeat(5)}\nEnd.`;
    // No HTML part, as rows stored before every message had one: a single text/plain body.
    const id = await enqueue(orgId, { to: "jonas@example.com", subject: "Ihr Zugang – Pulsewell", text, html: "" });
    const before = Date.now();
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");

    const files = await emlFiles(dir);
    expect(files).toHaveLength(1);
    const raw = await readFile(path.join(dir, files[0]!), "utf8");
    const { headers, body } = parseEml(raw);
    expect(headers.get("to")).toBe("jonas@example.com");
    expect(headers.get("subject")).toMatch(/^=\?UTF-8\?B\?/); // non-ASCII subject is encoded
    expect(decodeWord(headers.get("subject")!)).toBe("Ihr Zugang – Pulsewell");
    expect(headers.get("from")).toBe("Pulsewell <no-reply@localhost>");
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("content-transfer-encoding")).toBe("base64");
    expect(body.split("\r\n").every((l) => l.length <= 76)).toBe(true);
    expect(decodeB64(body)).toBe(text);

    const row = await message(orgId, id);
    expect(row.status).toBe("sent");
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();
    expect(row.providerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(files[0]).toContain(row.providerId!);
    expect(headers.get("message-id")).toBe(`<${row.providerId}@pulsewell.local>`);
  });

  it("writes a multipart message when there is HTML", async () => {
    const { orgId } = await createOrg();
    const dir = mailDir();
    const id = await enqueue(orgId, { subject: "Plain subject", text: "Text part", html: "<p>HTML part</p>" });
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");
    const [file] = await emlFiles(dir);
    const raw = await readFile(path.join(dir, file!), "utf8");
    const { headers } = parseEml(raw);
    expect(headers.get("subject")).toBe("Plain subject");
    const boundary = headers.get("content-type")!.match(/^multipart\/alternative; boundary="(.+)"$/)![1]!;
    const parts = raw
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseEml(p.replace(/^\r\n/, "")));
    expect(parts.map((p) => p.headers.get("content-type"))).toEqual([
      "text/plain; charset=utf-8",
      "text/html; charset=utf-8",
    ]);
    expect(decodeB64(parts[0]!.body)).toBe("Text part");
    expect(decodeB64(parts[1]!.body)).toBe("<p>HTML part</p>");
    expect(raw.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
  });

  it("sends as the workspace's sender name from the installation's address, with its reply-to", async () => {
    const { orgId } = await createOrg();
    const setSender = (mailSenderName: string | null, mailReplyTo: string | null) =>
      withOrg(orgId, (tx) =>
        tx.organization.update({ where: { id: orgId }, data: { mailSenderName, mailReplyTo }, select: { id: true } }),
      );
    await setSender("Acme People", "people@acme.example");
    const dir = mailDir();
    const id = await enqueue(orgId);
    const t = recordingTransport();
    expect(await deliverMail(orgId, id, t)).toBe("sent");
    expect(t.sent[0]).toMatchObject({ from: '"Acme People" <no-reply@localhost>', replyTo: "people@acme.example" });
    const { headers } = parseEml(toEml(t.sent[0]!, "x"));
    expect(headers.get("from")).toBe("Acme People <no-reply@localhost>");
    expect(headers.get("reply-to")).toBe("people@acme.example");

    // A name beyond ASCII is an encoded word of its own; the address stays readable.
    await setSender("Café Ölund, Inc.", null);
    const second = await enqueue(orgId);
    expect(await deliverMail(orgId, second, fileTransport(dir))).toBe("sent");
    const raw = await readFile(path.join(dir, (await emlFiles(dir))[0]!), "utf8");
    const from = parseEml(raw).headers.get("from")!;
    expect(from).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= <no-reply@localhost>$/);
    expect(decodeWord(from.replace(" <no-reply@localhost>", ""))).toBe("Café Ölund, Inc.");
    expect(parseEml(raw).headers.has("reply-to")).toBe(false);

    // Values written past the rules (by hand, before them) are not used: no forged header.
    await setSender('Eve" <spy@evil.example>\r\nBcc: spy@evil.example', "a@b.example\r\nBcc: spy@evil.example");
    const third = await enqueue(orgId);
    const t3 = recordingTransport();
    expect(await deliverMail(orgId, third, t3)).toBe("sent");
    expect(t3.sent[0]!.from).toBe("Pulsewell <no-reply@localhost>");
    expect(t3.sent[0]).not.toHaveProperty("replyTo");
  });

  it("writes attachments as parts of a multipart/mixed message, byte for byte", async () => {
    const { orgId } = await createOrg();
    const dir = mailDir();
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nSUMMARY:Grüße\r\nEND:VCALENDAR\r\n";
    const id = await enqueue(orgId, {
      text: "See the invitation",
      html: "<p>See the invitation</p>",
      attachments: [
        { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: ics },
      ],
    });
    expect((await message(orgId, id)).attachments).toEqual([
      { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: ics },
    ]);
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");
    const [file] = await emlFiles(dir);
    const raw = await readFile(path.join(dir, file!), "utf8");
    const { headers } = parseEml(raw);
    const boundary = headers.get("content-type")!.match(/^multipart\/mixed; boundary="(.+)"$/)![1]!;
    const parts = raw
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseEml(p.replace(/^\r\n/, "")));
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers.get("content-type")).toMatch(/^multipart\/alternative; boundary=/);
    expect(parts[1]!.headers.get("content-type")).toBe(
      'text/calendar; charset=utf-8; method=REQUEST; name="invite.ics"',
    );
    expect(parts[1]!.headers.get("content-disposition")).toBe('attachment; filename="invite.ics"');
    expect(decodeB64(parts[1]!.body)).toBe(ics);
  });

  it("refuses attachments that are not small text files", async () => {
    const { orgId } = await createOrg();
    await expect(
      enqueue(orgId, { attachments: [{ filename: "x.exe", contentType: "application/octet-stream", content: "MZ" }] }),
    ).rejects.toThrow();
    await expect(
      enqueue(orgId, { attachments: [{ filename: "../x.ics", contentType: "text/calendar", content: "x" }] }),
    ).rejects.toThrow();
  });

  it("keeps no usable link in the stored copy once it is delivered", async () => {
    const { orgId } = await createOrg();
    const dir = mailDir();
    const link = "http://acme.localhost:3000/surveys/0d6c7a4e-1b1f-4c39-9a53-1e6f4b0c2f11?token=AbC-123_xyz";
    const id = await enqueue(orgId, {
      to: "kim@example.com",
      subject: "Your survey",
      text: `Take it here: ${link}\nThanks.`,
      html: `<p>Take it here: <a href="${link}">${link}</a><br/>Thanks.</p>`,
    });
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");
    // The recipient got the link, in both parts...
    const files = await emlFiles(dir);
    const parts = alternatives(await readFile(path.join(dir, files[0]!), "utf8"));
    expect(parts.text).toContain("token=AbC-123_xyz");
    expect(parts.html).toContain(
      'href="http://acme.localhost:3000/surveys/0d6c7a4e-1b1f-4c39-9a53-1e6f4b0c2f11?token=AbC-123_xyz"',
    );
    // ...the outbox row no longer holds it.
    const row = await withOrg(orgId, (tx) =>
      tx.mailMessage.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }),
    );
    expect(row.text).not.toContain("AbC-123_xyz");
    expect(row.text).toContain("?token=removed-after-delivery\nThanks.");
    expect(row.html).not.toContain("AbC-123_xyz");
    expect(row.html).toContain('?token=removed-after-delivery">');
  });

  it("renders a survey invitation's link at delivery: the .eml holds a working link, the outbox never held its token", async () => {
    const { orgId } = await createOrg();
    const person = await createUser(orgId, { firstName: "Kim" });
    const surveyId = await withOrg(orgId, async (tx) => {
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: "Check",
          audienceTeamIds: [],
          createdById: null,
          questions: [{ type: "scale", text: "Fine?", isRequired: true }],
        },
        new Date(),
      );
      await sendSurvey(tx, orgId, surveyId, new Date());
      return surveyId;
    });
    const stored = await withOrg(orgId, (tx) =>
      tx.mailMessage.findFirstOrThrow({
        where: { organizationId: orgId, to: person.email, ref: `survey:${surveyId}` },
      }),
    );
    expect(stored.invitationId).not.toBeNull();
    expect(stored.text).toContain(`/surveys/${surveyId}?token={{surveyToken}}`);
    const dir = mailDir();
    expect(await deliverMail(orgId, stored.id, fileTransport(dir))).toBe("sent");
    const [file] = await emlFiles(dir);
    const parts = alternatives(await readFile(path.join(dir, file!), "utf8"));
    const token = /\?token=([\w-]+)/.exec(parts.text)![1]!;
    // The HTML part's link carries the same token, in its address and its label.
    expect(parts.html.split(`/surveys/${surveyId}?token=${token}`)).toHaveLength(3);
    expect(parts.html).not.toContain("{{surveyToken}}");
    expect(await readSurveyForTaker(orgId, surveyId, { token })).not.toBeNull();
    const inv = await withOrg(orgId, (tx) =>
      tx.surveyInvitation.findUniqueOrThrow({
        where: { organizationId_id: { organizationId: orgId, id: stored.invitationId! } },
      }),
    );
    expect(inv.tokenHash).toBe(hashToken(token));
    const after = await message(orgId, stored.id);
    expect(`${after.text}${after.html ?? ""}`).not.toContain(token);
  });

  it("skips a message already sent and writes no second file", async () => {
    const { orgId } = await createOrg();
    const dir = mailDir();
    const id = await enqueue(orgId);
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");
    const sentRow = await message(orgId, id);
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("skipped");
    expect(await emlFiles(dir)).toHaveLength(1);
    const after = await message(orgId, id);
    expect(after.attempts).toBe(1);
    expect(after.sentAt).toEqual(sentRow.sentAt);
    expect(after.providerId).toBe(sentRow.providerId);
  });

  it("passes the configured sender and the stored fields to the transport", async () => {
    const { orgId } = await createOrg();
    const t = recordingTransport();
    const id = await enqueue(orgId, { to: "lea@example.com", subject: "S", text: "T", html: "<b>H</b>" });
    expect(await deliverMail(orgId, id, t)).toBe("sent");
    expect(t.sent).toEqual([
      {
        id,
        from: "Pulsewell <no-reply@localhost>",
        to: "lea@example.com",
        subject: "S",
        text: "T",
        html: "<b>H</b>",
        queuedAt: (await message(orgId, id)).createdAt,
      },
    ]);
    expect((await message(orgId, id)).providerId).toBe("rec-1");
  });

  it("skips unknown ids and other organisations' messages without sending", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const foreign = await enqueue(b.orgId);
    const t = recordingTransport();
    expect(await deliverMail(a.orgId, randomUUID(), t)).toBe("skipped");
    expect(await deliverMail(a.orgId, foreign, t)).toBe("skipped");
    expect(t.sent).toHaveLength(0);
    expect(await message(b.orgId, foreign)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

describe("deliverMail when the transport fails", () => {
  it("keeps the message pending with the error, and a later delivery sends it", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    let calls = 0;
    const broken: MailTransport = {
      name: "broken",
      send: async () => {
        calls++;
        throw new Error(`provider down (${calls})`);
      },
    };
    await expect(deliverMail(orgId, id, broken)).rejects.toThrow("provider down (1)");
    expect(await message(orgId, id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "provider down (1)",
      sentAt: null,
      providerId: null,
    });
    await expect(deliverMail(orgId, id, broken)).rejects.toThrow("provider down (2)");
    expect(await message(orgId, id)).toMatchObject({ status: "pending", attempts: 2, lastError: "provider down (2)" });

    const dir = mailDir();
    expect(await deliverMail(orgId, id, fileTransport(dir))).toBe("sent");
    expect(await emlFiles(dir)).toHaveLength(1);
    const row = await message(orgId, id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(row.sentAt).not.toBeNull();
    expect(row.providerId).not.toBeNull();
  });

  it("stores a long error message truncated to 500 characters, and a generic one for non-Errors", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    await expect(
      deliverMail(orgId, id, { name: "x", send: async () => Promise.reject(new Error("e".repeat(600))) }),
    ).rejects.toThrow();
    expect((await message(orgId, id)).lastError).toBe("e".repeat(500));
    await expect(deliverMail(orgId, id, { name: "x", send: async () => Promise.reject("nope") })).rejects.toBe("nope");
    expect(await message(orgId, id)).toMatchObject({ lastError: "send failed", attempts: 2, status: "pending" });
  });

  // Two deliveries of one message that overlap (a pg-boss retry while a slow send still runs, or
  // two workers) must not both send it: the first claims the row.
  it("sends a message once even when two deliveries overlap", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    let sends = 0;
    // Set once both deliveries have started; the first send waits on it.
    const gate: { oneSettled?: Promise<unknown> } = {};
    const slow: MailTransport = {
      name: "slow",
      async send() {
        sends++;
        // The first send lasts until the other delivery has returned, so the two overlap for
        // sure. A second send (the bug) returns at once, so the test fails instead of hanging.
        if (sends === 1) await gate.oneSettled;
        return { providerId: `slow-${sends}` };
      },
    };
    const deliveries = [deliverMail(orgId, id, slow), deliverMail(orgId, id, slow)];
    gate.oneSettled = Promise.race(deliveries.map((d) => d.catch(() => undefined)));
    const results = await Promise.all(deliveries);
    expect(sends).toBe(1);
    expect(results.sort()).toEqual(["sent", "skipped"]);
  });
});

describe("enqueueMail", () => {
  it("stores the message and its delivery job when the transaction commits", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId, { kind: "welcome" });
    expect(await message(orgId, id)).toMatchObject({ kind: "welcome", status: "pending", attempts: 0 });
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it("leaves neither a message nor a job when the transaction rolls back", async () => {
    const { orgId } = await createOrg();
    let id: string | undefined;
    await expect(
      withOrg(orgId, async (tx) => {
        id = await enqueueMail(tx, orgId, {
          kind: "test",
          to: "x@example.com",
          subject: "S",
          text: "T",
          html: "<p>T</p>",
        });
        // Inside the transaction both exist...
        const inside = await tx.$queryRawUnsafe<{ n: number }[]>(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'messageId' = $1",
          id,
        );
        expect(inside[0]!.n).toBe(1);
        throw new Error("action failed");
      }),
    ).rejects.toThrow("action failed");
    expect(id).toBeDefined();
    // ...and after the rollback neither does.
    const rows = await withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId } }));
    expect(rows).toHaveLength(0);
    expect(await jobsFor(id!)).toHaveLength(0);
  });
});
