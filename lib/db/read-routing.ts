import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { cookies, headers } from "next/headers";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { db } from "@/lib/db/client";
import {
  noteRead,
  parseLsn,
  primaryWalLsn,
  replicaDb,
  replicaState,
  runInOrgReadOnly,
  type ReadNode,
  type ReplicaView,
} from "@/lib/db/replica";
import { log } from "@/lib/log/logger";
import { isDomainError } from "@/lib/errors/domain-error";

export { formatLsn, parseLsn, type ReadNode, type ReplicaView } from "@/lib/db/replica";

/*
 * Where a read goes: the one rule.
 *
 * Dashboards, Pulse Overview, reports and exports read through withOrgReport(); everything else
 * (and every write) uses withOrg() on the primary. A report read may use the streaming replica
 * (DATABASE_REPLICA_URL) unless that could hide something the reader just wrote:
 * - every successful write (an apiRoute declared `writes` answering 2xx, a formAction that ends
 *   ok or redirects) stores the primary's WAL position in a short-lived cookie of the workspace;
 * - a report read with that cookie uses the replica only once the replica has replayed at least
 *   that position, else the primary; without the cookie, the replica;
 * - a replica that cannot be reached, has stopped streaming or lags by more than MAX_LAG_S, or a
 *   read that fails there for any reason, is answered by the primary: never an error of its own.
 *   Lag is measured against the primary's own position (sampled about once a second beside the
 *   look at the replica): the replica's data is as old as the newest primary position it has
 *   replayed. A replica that has replayed all it received may still be receiving minutes late;
 *   when its lag cannot be told, the primary answers;
 * - a write the reader did not make leaves no cookie: the worker closing a survey and announcing
 *   "Survey results are ready" is one. A report read whose answer is a state such work ends (a
 *   survey still open, results not released) names it (`recheck`), and when the replica gave that
 *   answer, the primary is asked again and its answer stands. So a reader never sees such a state
 *   from the replica once the primary has ended it; a read that finds the state already ended
 *   keeps the replica's answer, since the state only moves forward.
 * Report reads run in read-only transactions on either node while a replica is configured, so a
 * write slipped into a report path fails in every environment instead of only on the replica.
 * Without DATABASE_REPLICA_URL nothing of this runs: withOrgReport() is withOrg().
 */

/** The cookie holding the primary's WAL position after the visitor's last write. Host-only (no
 * Domain attribute), so each workspace's host keeps its own. */
export const WATERMARK_COOKIE = "pw_wal";
/** How long a write keeps its reader on the primary at most: far beyond any replay delay the
 * replica is allowed (MAX_LAG_S), and short enough that the cookie is never a lasting state. */
export const WATERMARK_MAX_AGE_S = 120;
/** A replica further behind than this answers no report read: the age of the newest position the
 * primary was seen at that the replica has replayed (see lagBehindPrimary in lib/db/replica.ts). */
export const MAX_LAG_S = 10;

/** The rule itself: where one report read goes, given the reader's watermark (null: no recent
 * write) and the replica as last seen (null: no replica configured). */
export function chooseReadNode(watermark: bigint | null, replica: ReplicaView | null): ReadNode {
  if (!replica || !replica.reachable) return "primary";
  if (replica.replayed === null || !replica.streaming) return "primary";
  // Unknown lag (null) is no proof of freshness.
  if (replica.lagSeconds === null || !(replica.lagSeconds <= MAX_LAG_S)) return "primary";
  if (watermark !== null && replica.replayed < watermark) return "primary";
  return "replica";
}

/** The watermark of a request's cookie header value; a missing or malformed one is no watermark. */
export function watermarkOf(cookieValue: string | undefined): bigint | null {
  return parseLsn(cookieValue);
}

/** Whether the visitor came over https: next-auth's own rule for its session cookie (https unless
 * the forwarded protocol says http), so the watermark travels wherever the session does. */
export function secureRequest(requestHeaders: Pick<Headers, "get">): boolean {
  return requestHeaders.get("x-forwarded-proto") !== "http";
}

/** The Set-Cookie header of a watermark. */
export function watermarkSetCookie(lsn: string, secure: boolean): string {
  return `${WATERMARK_COOKIE}=${lsn}; Path=/; Max-Age=${WATERMARK_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

// A watermark given for a stretch of work outside a request (readingAfter), which wins over the
// request's cookie.
const given = new AsyncLocalStorage<{ watermark: bigint | null }>();

/** Runs `fn` with its report reads routed as for a reader whose last write is `watermark` (null:
 * none): for work outside a request that knows what it wrote, and for tests. */
export function readingAfter<T>(watermark: bigint | null, fn: () => Promise<T>): Promise<T> {
  return given.run({ watermark }, fn);
}

/** The watermark the current report read must respect; outside a request (jobs, scripts) and
 * without readingAfter, reads stay on the primary, since nothing there can tell what was just
 * written. */
async function currentWatermark(): Promise<{ known: boolean; watermark: bigint | null }> {
  const scoped = given.getStore();
  if (scoped) return { known: true, watermark: scoped.watermark };
  try {
    const jar = await cookies();
    return { known: true, watermark: watermarkOf(jar.get(WATERMARK_COOKIE)?.value) };
  } catch {
    return { known: false, watermark: null };
  }
}

/**
 * A report read for one organisation: on the replica when the rule allows it, else on the primary
 * (see above). Same arguments as withOrg(), plus `recheck`: true for an answer that shows a state
 * work outside the reader's requests may have just ended, which the primary then confirms.
 */
export async function withOrgReport<T>(
  orgId: string,
  fn: (tx: Tx) => Promise<T>,
  options: { timeoutMs?: number; userId?: string; recheck?: (answer: T) => boolean } = {},
): Promise<T> {
  const replica = replicaDb();
  const { recheck, ...txOptions } = options;
  if (!replica) return withOrg(orgId, fn, txOptions);
  const { known, watermark } = await currentWatermark();
  const node = known ? chooseReadNode(watermark, await replicaState(watermark)) : "primary";
  if (node === "replica") {
    try {
      const out = await runInOrgReadOnly(replica, orgId, fn, txOptions);
      noteRead("replica");
      if (!recheck?.(out)) return out;
    } catch (err) {
      // A standby cancels queries that conflict with replay, may have lost its connection, or may
      // not have the row yet: the primary answers instead, and its error (if any) is the answer.
      if (!isDomainError(err)) log.warn("read-routing.replica_failed", { err });
    }
  }
  try {
    return await runInOrgReadOnly(db(), orgId, fn, txOptions);
  } finally {
    noteRead("primary");
  }
}

/** After a successful write in a server action: remember the primary's WAL position in the
 * cookie. Never fails the action (without the cookie the next read may only be older). */
async function rememberWriteInAction(): Promise<void> {
  if (!replicaDb()) return;
  try {
    const lsn = await primaryWalLsn();
    if (!lsn) return;
    const secure = secureRequest(await headers());
    (await cookies()).set(WATERMARK_COOKIE, lsn, {
      path: "/",
      maxAge: WATERMARK_MAX_AGE_S,
      httpOnly: true,
      sameSite: "lax",
      secure,
    });
  } catch (err) {
    log.warn("read-routing.watermark_failed", { err });
  }
}

/** A form action's handler that records the watermark when it ends well: by returning, or by
 * redirecting (Next's redirect() is thrown). A handler that fails wrote nothing to wait for. */
export function recordingActionWrites<A, R>(handler: (a: A) => Promise<R>): (a: A) => Promise<R> {
  return async (a) => {
    let out: R;
    try {
      out = await handler(a);
    } catch (err) {
      if (isRedirectError(err)) await rememberWriteInAction();
      throw err;
    }
    await rememberWriteInAction();
    return out;
  };
}

/** An /api route that records the watermark on a 2xx answer to a method its declaration says
 * writes. */
export function recordingRouteWrites<Q extends Request, C>(
  route: (req: Q, context: C) => Promise<Response>,
  declarationFor: (method: string) => { writes: boolean },
): (req: Q, context: C) => Promise<Response> {
  return async (req, context) => {
    const res = await route(req, context);
    if (!replicaDb() || !res.ok || !declarationFor(req.method).writes) return res;
    let lsn: string | null = null;
    try {
      lsn = await primaryWalLsn();
    } catch (err) {
      log.warn("read-routing.watermark_failed", { err });
    }
    if (!lsn) return res;
    const cookie = watermarkSetCookie(lsn, secureRequest(req.headers));
    try {
      res.headers.append("Set-Cookie", cookie);
      return res;
    } catch {
      // Response.redirect() and some others have immutable headers: answer a copy.
      const copy = new Response(res.body, res);
      copy.headers.append("Set-Cookie", cookie);
      return copy;
    }
  };
}
