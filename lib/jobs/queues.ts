// The job queues and their retry policy. Created by the migration step (scripts/db/jobs-schema.ts)
// with the owner role, so the application role never needs DDL rights.
export const QUEUES = {
  mailDeliver: {
    name: "mail-deliver",
    options: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  },
  // The survey scheduler's minute (lib/surveys/rounds.ts). 'singleton': one tick runs at a time;
  // no retries, the next minute's tick does the same work again. pg-boss keeps the active
  // singleton in a unique index until it completes or expires, so a worker killed mid-tick holds
  // back every later tick until then: hence a short expiry (TICK_EXPIRE_SECONDS, also given on
  // each send, which wins over what a queue created earlier recorded).
  surveyTick: { name: "survey-tick", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 90 } },
  // The mail outbox's minute (lib/mail/sweep.ts): re-queues messages whose delivery job died and
  // gives up on those past the horizon. Same shape as the survey tick, for the same reasons.
  mailSweep: { name: "mail-sweep", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 90 } },
  // 'Forgot password' (lib/auth/password-reset.ts): the form only queues one of these, for known and
  // unknown addresses alike, so its answer time says nothing about which accounts exist; the job
  // looks the account up and writes the reset mail to the outbox. A few retries (the work is one
  // transaction, so a retry never sends twice what a failure rolled back).
  passwordResetRequest: {
    name: "password-reset-request",
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  },
  // Deletes ended rate-limit windows (lib/api/rate-limit.ts). Same shape as the minute jobs above.
  rateLimitPrune: { name: "rate-limit-prune", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 120 } },
  // The 1:1 minute (lib/one-on-one/reminders.ts): reminders 24 hours ahead (each claimed once) and
  // recurring series topped up. Same shape as the survey tick.
  meetingTick: { name: "meeting-tick", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 90 } },
  // Action plans' nudges (lib/plans/nudges.ts): due steps and plans, check-back results, the weekly
  // manager digest. Same shape as the minute jobs, offered every five minutes (days are its
  // unit); a longer expiry, since a digest day computes every leader's focus areas.
  planNudges: { name: "plan-nudges", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 } },
  // Billing (lib/billing): creating a new workspace's Stripe customer and subscription, retried
  // for about a day with backoff, so a Stripe outage delays and never loses a signup; and the
  // processing of each stored webhook event (one job per event id: its singletonKey).
  billingProvision: {
    name: "billing-provision",
    options: { retryLimit: 25, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  billingEvent: {
    name: "billing-event",
    options: { retryLimit: 15, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  },
  // Sentence embeddings of an organisation's changed library items (lib/library/semantic/refresh.ts):
  // one job per organisation at a time (its singletonKey); the job loops until nothing is stale, and
  // retrieval sends another when it finds an item newer than its vectors.
  // 'stately': with the organisation as singletonKey, at most one queued and one running job per
  // organisation (pg-boss applies singletonKey only under a policy).
  libraryEmbed: {
    name: "library-embed",
    options: { policy: "stately", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  },
} as const;

/** How long a minute job may stay active before pg-boss fails it and the next one may start.
 * A tick usually takes well under a second, a large round's send some seconds; one that truly
 * runs longer simply overlaps the next, which is safe: every effect has its own guard (the
 * round key is unique, reminders and sends are claimed by conditional updates, folds take the
 * survey's row lock, each outbox message is claimed before delivery). Expiry is noticed by
 * pg-boss's maintenance (MAINTENANCE_SECONDS in lib/jobs/boss.ts), so a tick left active by a
 * dead worker holds the scheduler back for at most about two minutes. */
export const TICK_EXPIRE_SECONDS = 90;
/** Every process sends this each few seconds; the slot makes it one job a minute in all. The
 * expiry is given per job as well, since queues created before it changed keep their own. */
export const SURVEY_TICK_SEND = {
  singletonKey: "survey-tick",
  singletonSeconds: 60,
  expireInSeconds: TICK_EXPIRE_SECONDS,
} as const;
export const MAIL_SWEEP_SEND = {
  singletonKey: "mail-sweep",
  singletonSeconds: 60,
  expireInSeconds: TICK_EXPIRE_SECONDS,
} as const;
export const MEETING_TICK_SEND = {
  singletonKey: "meeting-tick",
  singletonSeconds: 60,
  expireInSeconds: TICK_EXPIRE_SECONDS,
} as const;
/** One run of the action plans' nudges every five minutes in all. */
export const PLAN_NUDGES_SEND = { singletonKey: "plan-nudges", singletonSeconds: 300, expireInSeconds: 300 } as const;
/** One prune every five minutes in all: windows last one to ten minutes, so rows outlive their
 * window by at most about that much. */
export const RATE_LIMIT_PRUNE_SEND = { singletonKey: "rate-limit-prune", singletonSeconds: 300 } as const;

export type MailDeliverJob = { orgId: string; messageId: string };
/** The workspace and the address as typed into the form (normalised by its schema). */
export type PasswordResetJob = { orgId: string; subdomain: string; email: string };
/** The organisation whose Stripe customer and subscription are to be created. */
export type BillingProvisionJob = { orgId: string };
/** One stored webhook event (BillingEvent) to process. */
export type BillingEventJob = { orgId: string; eventId: string };
/** The organisation whose library items are to be embedded. */
export type LibraryEmbedJob = { orgId: string };
