import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fileTransport, type OutgoingMail } from "@/lib/mail/transport";

// The local mail transport writes one file per outbox message: a delivery retried after a worker
// died between writing the file and recording the message sent must not write a second one.
describe("the file transport", () => {
  const mail = (id: string): OutgoingMail => ({
    id,
    from: "no-reply@pulsewell.local",
    to: "ada@example.com",
    subject: "Your pulse survey",
    text: "Hello",
    html: null,
    queuedAt: new Date("2026-11-27T10:00:00.000Z"),
  });

  it("writes a message once however often it is sent, named by its queue time and id", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "pw-file-transport-"));
    const dir = path.join(root, "mail");
    try {
      const transport = fileTransport(dir);
      const id = randomUUID();
      const first = await transport.send(mail(id));
      const again = await transport.send({ ...mail(id), text: "Hello again" });
      expect(first.providerId).toBe(id);
      expect(again.providerId).toBe(id);
      expect(readdirSync(dir)).toEqual([`2026-11-27T10-00-00-000Z-${id}.eml`]);
      const eml = readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8");
      expect(eml).toContain(`Message-ID: <${id}@pulsewell.local>`);
      expect(eml).toContain(Buffer.from("Hello", "utf8").toString("base64"));
      expect(eml).not.toContain(Buffer.from("Hello again", "utf8").toString("base64"));
      // Another message is another file.
      await transport.send(mail(randomUUID()));
      expect(readdirSync(dir).filter((f) => f.endsWith(".eml"))).toHaveLength(2);
      expect(readdirSync(dir).filter((f) => !f.endsWith(".eml"))).toEqual([]);
      // Nothing is left half-written beside it.
      expect(readdirSync(`${dir}.partial`)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
