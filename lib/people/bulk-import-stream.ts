import "server-only";
import { toProblem } from "@/lib/errors/problem";
import { log } from "@/lib/log/logger";
import { NDJSON, type ImportEvent, type ImportProgress, type ImportResult } from "@/lib/people/bulk-import-schemas";

/**
 * The import as application/x-ndjson: progress lines while it runs, then one result line, or
 * one error line. The result line is written only after `run` resolved, i.e. after the
 * transaction committed. A reader that goes away does not stop the import (it is all or nothing
 * either way); its progress lines are simply dropped.
 */
export function importStream(
  run: (onProgress: (p: ImportProgress) => void) => Promise<ImportResult>,
  requestId: string,
): Response {
  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: ImportEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      void run((p) => send({ type: "progress", ...p }))
        .then((result) => send({ type: "result", ...result }))
        .catch((err: unknown) => {
          const { problem, expected } = toProblem(err, requestId);
          if (!expected) log.error("api.unexpected", { requestId, path: "/api/users/bulk-import", err });
          send({ type: "error", status: problem.status, code: problem.code, message: problem.detail });
        })
        .finally(() => {
          if (!open) return;
          open = false;
          controller.close();
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": `${NDJSON}; charset=utf-8`,
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
