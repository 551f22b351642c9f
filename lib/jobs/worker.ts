import "server-only";
import type PgBoss from "pg-boss";
import { boss } from "@/lib/jobs/boss";
import {
  MAIL_SWEEP_SEND,
  MEETING_TICK_SEND,
  PLAN_NUDGES_SEND,
  QUEUES,
  RATE_LIMIT_PRUNE_SEND,
  SURVEY_TICK_SEND,
  type BillingEventJob,
  type BillingProvisionJob,
  type LibraryEmbedJob,
  type MailDeliverJob,
} from "@/lib/jobs/queues";
import { deliverMail } from "@/lib/mail/deliver";
import { sweepMailOutbox } from "@/lib/mail/sweep";
import { runSchedulerTick } from "@/lib/surveys/rounds";
import { processPasswordResetJob } from "@/lib/auth/password-reset";
import { pruneRateLimits } from "@/lib/api/rate-limit";
import { runMeetingWork } from "@/lib/one-on-one/reminders";
import { runPlanNudges } from "@/lib/plans/nudges";
import { processBillingEvent } from "@/lib/billing/events";
import { provisionBilling } from "@/lib/billing/provisioning";
import { refreshLibraryEmbeddings } from "@/lib/library/semantic/refresh";
import { log } from "@/lib/log/logger";

// How often each process offers the minute's survey tick and mail sweep. Whatever the number of
// processes, the 60-second singleton slots turn their offers into one job of each a minute.
const TICK_OFFER_MS = 15_000;

const g = globalThis as unknown as { pulsewellSurveyClock?: NodeJS.Timeout };

function startSurveyClock(b: PgBoss): void {
  if (g.pulsewellSurveyClock) return;
  const offer = () => {
    b.send(QUEUES.surveyTick.name, {}, SURVEY_TICK_SEND).catch((err: unknown) =>
      log.error("jobs.survey_tick_offer", { err }),
    );
    b.send(QUEUES.mailSweep.name, {}, MAIL_SWEEP_SEND).catch((err: unknown) =>
      log.error("jobs.mail_sweep_offer", { err }),
    );
    b.send(QUEUES.rateLimitPrune.name, {}, RATE_LIMIT_PRUNE_SEND).catch((err: unknown) =>
      log.error("jobs.rate_limit_prune_offer", { err }),
    );
    b.send(QUEUES.meetingTick.name, {}, MEETING_TICK_SEND).catch((err: unknown) =>
      log.error("jobs.meeting_tick_offer", { err }),
    );
    b.send(QUEUES.planNudges.name, {}, PLAN_NUDGES_SEND).catch((err: unknown) =>
      log.error("jobs.plan_nudges_offer", { err }),
    );
  };
  offer();
  g.pulsewellSurveyClock = setInterval(offer, TICK_OFFER_MS);
  // The clock alone never keeps a process alive.
  g.pulsewellSurveyClock.unref();
}

/** Registers the job handlers. Runs inside the web process by default (instrumentation.ts) or in
 * a separate worker process when scaled out; any number of them can run at once. */
export async function startWorkers(): Promise<void> {
  const b = await boss();
  await b.work<MailDeliverJob>(QUEUES.mailDeliver.name, { batchSize: 5, pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await deliverMail(job.data.orgId, job.data.messageId);
  });
  // Even if two ticks overlapped (an expired job run again), rounds are still sent once: see
  // lib/surveys/rounds.ts.
  await b.work(QUEUES.surveyTick.name, { pollingIntervalSeconds: 5 }, async () => {
    await runSchedulerTick(new Date());
  });
  // A delivery job that died (retries spent, expired, lost) leaves its message pending: the sweep
  // queues it again, or marks it failed past the give-up horizon.
  await b.work(QUEUES.mailSweep.name, { pollingIntervalSeconds: 5 }, async () => {
    await sweepMailOutbox(new Date());
  });
  // 'Forgot password' requests. pg-boss completes or fails a fetched batch as a whole, so a job
  // that fails is failed on its own here (to be retried) and the others of its batch complete:
  // a retried batch would mail the accounts of its successful jobs a second time.
  await b.work(QUEUES.passwordResetRequest.name, { batchSize: 5, pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await processPasswordResetJob(job.data);
      } catch (err) {
        log.error("jobs.password_reset_failed", { jobId: job.id, err });
        await b.fail(QUEUES.passwordResetRequest.name, job.id, {
          message: err instanceof Error ? err.message : String(err),
        });
      }
    }
  });
  await b.work(QUEUES.rateLimitPrune.name, { pollingIntervalSeconds: 30 }, async () => {
    await pruneRateLimits();
  });
  // 1:1 reminders (each claimed once, however many ticks overlap) and series extension.
  await b.work(QUEUES.meetingTick.name, { pollingIntervalSeconds: 5 }, async () => {
    await runMeetingWork(new Date());
  });
  // Action plans' nudges: each told once however many runs overlap (see lib/plans/nudges.ts).
  await b.work(QUEUES.planNudges.name, { pollingIntervalSeconds: 15 }, async () => {
    await runPlanNudges(new Date());
  });
  // Billing (lib/billing): one job at a time per fetch, so a Stripe error fails (and retries)
  // only its own job. Both are safe to run again: provisioning finds what it created, and an
  // event's notices are claimed once (lib/billing/events.ts).
  await b.work<BillingProvisionJob>(QUEUES.billingProvision.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await provisionBilling(job.data.orgId);
  });
  await b.work<BillingEventJob>(QUEUES.billingEvent.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await processBillingEvent(job.data.orgId, job.data.eventId);
  });
  // Library vectors (lib/library/semantic/refresh.ts): safe to run again, it embeds only what is due.
  await b.work<LibraryEmbedJob>(QUEUES.libraryEmbed.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await refreshLibraryEmbeddings(job.data.orgId);
  });
  startSurveyClock(b);
  log.info("jobs.started", {
    queues: [
      QUEUES.mailDeliver.name,
      QUEUES.surveyTick.name,
      QUEUES.mailSweep.name,
      QUEUES.passwordResetRequest.name,
      QUEUES.rateLimitPrune.name,
      QUEUES.meetingTick.name,
      QUEUES.planNudges.name,
      QUEUES.billingProvision.name,
      QUEUES.billingEvent.name,
    ],
  });
}

/** Stops the minute clock: survey tick, mail sweep and rate-limit prune alike (the worker process on shutdown). */
export function stopSurveyClock(): void {
  if (g.pulsewellSurveyClock) clearInterval(g.pulsewellSurveyClock);
  g.pulsewellSurveyClock = undefined;
}
