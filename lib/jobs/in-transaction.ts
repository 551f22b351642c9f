import "server-only";
import type { Tx } from "@/lib/db/tenant";

/** pg-boss's `db` option on the caller's transaction: a job sent with it exists exactly when the
 * change that causes it commits (a mail and its delivery, a stored webhook event and its job). */
export const jobsInTransaction = (tx: Tx) => ({
  executeSql: async (text: string, values: unknown[]) => ({
    rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values),
  }),
});
