import "server-only";
import { boss } from "@/lib/jobs/boss";
import { QUEUES, type MailDeliverJob } from "@/lib/jobs/queues";
import { deliverMail } from "@/lib/mail/deliver";
import { log } from "@/lib/log/logger";

/** Registers the job handlers. Runs inside the web process by default (instrumentation.ts) or in
 * a separate worker process when scaled out; any number of them can run at once. */
export async function startWorkers(): Promise<void> {
  const b = await boss();
  await b.work<MailDeliverJob>(QUEUES.mailDeliver.name, { batchSize: 5, pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await deliverMail(job.data.orgId, job.data.messageId);
  });
  log.info("jobs.started", { queues: [QUEUES.mailDeliver.name] });
}
