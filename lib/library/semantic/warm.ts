import "server-only";
import { builtinIndex, offTopicIndex } from "@/lib/library/semantic/builtin-vectors";
import { warmEncoder } from "@/lib/library/semantic/encoder";
import { log } from "@/lib/log/logger";

/** Starts the sentence encoder and builds the built-in matrices in the background; a failure is
 * logged and retried by the first question (retrieval falls back to words alone meanwhile). */
export function warmLibrarySearch(): void {
  Promise.all([warmEncoder(), builtinIndex(), offTopicIndex()]).catch((err: unknown) =>
    log.error("library.warm_failed", { err }),
  );
}
