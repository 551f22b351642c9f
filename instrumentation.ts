// Next.js calls register() once per server process at start: the in-process job worker lives here,
// and Boss Bot's sentence encoder starts loading (about 0.3 s and 110 MB on its own thread), so the
// first question does not wait for it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { warmLibrarySearch } = await import("@/lib/library/semantic/warm");
  warmLibrarySearch();
  if (process.env.JOBS_IN_PROCESS === "0") return;
  const { startWorkers } = await import("@/lib/jobs/worker");
  await startWorkers();
}
