// The job queues and their retry policy. Created by the migration step (scripts/db/jobs-schema.ts)
// with the owner role, so the application role never needs DDL rights.
export const QUEUES = {
  mailDeliver: { name: "mail-deliver", options: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 } },
  // The survey scheduler's minute (lib/surveys/rounds.ts). 'singleton': one tick runs at a time;
  // no retries, the next minute's tick does the same work again.
  surveyTick: { name: "survey-tick", options: { policy: "singleton", retryLimit: 0, expireInSeconds: 600 } },
} as const;

/** Every process sends this each few seconds; the slot makes it one job a minute in all. */
export const SURVEY_TICK_SEND = { singletonKey: "survey-tick", singletonSeconds: 60 } as const;

export type MailDeliverJob = { orgId: string; messageId: string };
