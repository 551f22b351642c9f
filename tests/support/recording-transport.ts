import type { MailTransport, OutgoingMail } from "@/lib/mail/transport";

/** A mail transport that only remembers what it was given, for delivery tests. */
export function recordingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { name: "recording", sent, send: async (m) => (sent.push(m), { providerId: `rec-${sent.length}` }) };
}
