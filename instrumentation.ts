// Next.js calls register() once per server process at start: the in-process job worker lives here.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.JOBS_IN_PROCESS === "0") return;
  const { startWorkers } = await import("@/lib/jobs/worker");
  await startWorkers();
}
