// How long the outbox keeps trying, shared by the sweep (lib/mail/sweep.ts) and the screens that
// explain a failed message. No server-only import: a plain constant any component may show.

/** A message that still fails this long after it was queued is marked failed and left alone. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const GIVE_UP_AFTER_DAYS = GIVE_UP_AFTER_MS / (24 * 60 * 60 * 1000);
