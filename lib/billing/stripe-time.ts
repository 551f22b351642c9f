// Stripe speaks unix seconds; the database and the product speak Date. Converted here only.

/** A Stripe timestamp as a Date; Stripe's null (or a missing field) stays null. */
export const fromUnix = (s: number | null | undefined): Date | null => (s ? new Date(s * 1000) : null);

/** A trial end for Stripe (unix seconds), or null when it is not at least `minAheadMs` in the
 * future: Stripe refuses a trial end in the past or too near, and then billing starts at once. */
export function trialEndUnix(end: Date | null, minAheadMs: number): number | null {
  return end && end.getTime() >= Date.now() + minAheadMs ? Math.floor(end.getTime() / 1000) : null;
}
