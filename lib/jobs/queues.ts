// The job queues and their retry policy. Created by the migration step (scripts/db/jobs-schema.ts)
// with the owner role, so the application role never needs DDL rights.
export const QUEUES = {
  mailDeliver: { name: "mail-deliver", options: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 } },
} as const;

export type MailDeliverJob = { orgId: string; messageId: string };
