// Client-safe and free of luxon (the meeting page imports it): how early 'Mark Complete' may be
// pressed without a confirmation.

/** More than this before its time, completing a meeting takes a confirmation: the page asks, and
 * the server wants `confirmEarly: true` (409 meeting_not_due without it). */
export const EARLY_COMPLETION_MS = 24 * 3_600_000;
