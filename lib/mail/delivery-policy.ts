// How long the outbox keeps trying, shared by the sweep (lib/mail/sweep.ts) and the screens that
// explain a failed message. No server-only import: a plain constant any component may show.

/** A message that still fails this long after it was queued is marked failed and left alone. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_DAYS = GIVE_UP_AFTER_MS / (24 * 60 * 60 * 1000);

/** What delivery needs to know of the sending organisation (Organization's two columns). */
export type SenderVerification = { emailVerifiedAt: Date | null; verificationEmail: string | null };

/**
 * Whether a message waits in the outbox because its workspace has not proved that its signup
 * admin owns the address given (docs/decisions.md (Accounts and sign-in)): until then only that address is mailed (the
 * verification link itself, the admin's own survey links and resets), so a fresh signup cannot
 * mail strangers. Nothing is dropped; verifying queues the held messages at once. The sweep's
 * look-up (app_mail_redelivery_due, migration 20261124110000) states the same rule in SQL.
 */
export function isHeldForVerification(org: SenderVerification, to: string): boolean {
  if (org.emailVerifiedAt) return false;
  return org.verificationEmail === null || to.toLowerCase() !== org.verificationEmail.toLowerCase();
}
