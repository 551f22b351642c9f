import { afterAll, describe, expect, it, vi } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { withOrg } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { runSchedulerTick } from "@/lib/surveys/rounds";
import { surveyMailRef } from "@/lib/surveys/send";
import { createOrg, createUser } from "../support/factories";

// Exactly once with real processes: two `npm run worker` processes (each with its own pg-boss and
// survey clock) and this process's own ticks all see the same due round. One round, one invitation
// and one e-mail per person must come out, however their ticks interleave.
const root = path.resolve(import.meta.dirname, "../..");
const workers: ChildProcess[] = [];
afterAll(async () => {
  // SIGTERM: the worker stops pg-boss and leaves; SIGKILL if it has not after a few seconds.
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null) return resolve();
          const hard = setTimeout(() => w.kill("SIGKILL"), 5_000);
          w.once("exit", () => {
            clearTimeout(hard);
            resolve();
          });
          w.kill("SIGTERM");
        }),
    ),
  );
});

function startWorker(): ChildProcess {
  // Node itself with tsx's loader (not the tsx launcher, which would leave its child behind when killed).
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, JOBS_IN_PROCESS: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

describe("the weekly round with two worker processes", () => {
  it("is sent once, with one invitation and one delivered e-mail per person", { timeout: 120_000 }, async () => {
    const { orgId } = await createOrg();
    const people = [
      await createUser(orgId, { role: "admin" }),
      ...(await Promise.all([1, 2, 3, 4].map(() => createUser(orgId)))),
    ];
    // Due two minutes ago, in UTC; the organisation existed before that.
    const due = new Date(Date.now() - 2 * 60_000);
    const time = `${String(due.getUTCHours()).padStart(2, "0")}:${String(due.getUTCMinutes()).padStart(2, "0")}`;
    await withOrg(orgId, (tx) =>
      tx.organization.update({
        where: { id: orgId },
        data: {
          pulseEnabled: true,
          pulseWeekday: due.getUTCDay(),
          pulseTime: time,
          pulseTimeZone: "UTC",
          createdAt: new Date(Date.now() - 86_400_000),
        },
      }),
    );

    startWorker();
    startWorker();
    // A third party ticking at the same moments: the web process's own clock, or a late tick.
    const local = Promise.all([runSchedulerTick(new Date()), runSchedulerTick(new Date())]);

    const surveyId = await vi.waitFor(
      async () => {
        const round = await withOrg(orgId, (tx) =>
          tx.survey.findFirst({ where: { organizationId: orgId, roundKey: { not: null } }, select: { id: true } }),
        );
        if (!round) throw new Error("no round yet");
        return round.id;
      },
      { timeout: 90_000, interval: 500 },
    );
    await local;
    const mailDir = path.join(process.env.DATA_DIR!, "mail");
    await vi.waitFor(
      async () => {
        const pending = await withOrg(orgId, (tx) =>
          tx.mailMessage.count({
            where: { organizationId: orgId, ref: surveyMailRef(surveyId), status: { not: "sent" } },
          }),
        );
        if (pending > 0) throw new Error(`${pending} e-mails not delivered yet`);
      },
      { timeout: 60_000, interval: 500 },
    );
    // Ticks after the round went out send nothing more. This process's own tick, answered directly:
    expect(await runSchedulerTick(new Date())).toMatchObject({ rounds: 0, sent: 0, errors: 0 });
    // ...and a tick run by a worker process: queue one and wait until a worker has finished it (a
    // second round or invitations from it would be in the counts below).
    const b = await boss();
    const tickId = await b.send(QUEUES.surveyTick.name, {});
    expect(tickId).toEqual(expect.any(String));
    await vi.waitFor(
      async () => {
        const job = await b.getJobById(QUEUES.surveyTick.name, tickId!);
        if (job?.state !== "completed")
          throw new Error(`the workers' tick is ${job?.state ?? "missing"}, not completed`);
      },
      { timeout: 60_000, interval: 250 },
    );

    const counts = await withOrg(orgId, async (tx) => ({
      rounds: await tx.survey.count({ where: { organizationId: orgId } }),
      invitations: await tx.surveyInvitation.count({ where: { organizationId: orgId, surveyId } }),
      mails: await tx.mailMessage.count({ where: { organizationId: orgId, ref: surveyMailRef(surveyId) } }),
      sent: await tx.mailMessage.count({
        where: { organizationId: orgId, ref: surveyMailRef(surveyId), status: "sent" },
      }),
    }));
    expect(counts).toEqual({ rounds: 1, invitations: people.length, mails: people.length, sent: people.length });
    // The local transport writes one file per delivery: a message sent twice would leave two.
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
    expect(files).toHaveLength(people.length);
  });
});
