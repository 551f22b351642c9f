import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { runInOrg } from "@/lib/db/org-transaction";
import { log } from "@/lib/log/logger";

// The second Prisma client: the application role on the streaming replica (DATABASE_REPLICA_URL),
// for the report reads lib/db/read-routing.ts sends there. Unset, there is no such client and no
// query of this file ever runs. Its connections name themselves (application_name) so that
// pg_stat_activity on the replica shows what reads there.
export const REPLICA_APPLICATION_NAME = "pulsewell-replica-read";
// A replica that does not answer within this long is taken as unreachable for this read.
const PROBE_TIMEOUT_MS = 1_500;
// How long one look at the replica is trusted. Replay only moves forward, so a position seen a
// moment ago is a lower bound of the present one: a watermark it already covers is still covered.
const PROBE_TTL_MS = 1_000;
// After a failed look, the replica is left alone this long (every report read goes to the
// primary) instead of each request waiting for its connection to fail.
const DOWN_BACKOFF_MS = 5_000;
// The longest one statement of a report read may wait for the replica.
const QUERY_TIMEOUT_MS = 10_000;

// A WAL position as PostgreSQL prints pg_lsn: two hexadecimal 32-bit halves.
const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** A pg_lsn text ("16/B374D848") as a number; anything else (a hostile cookie included) is null. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== "string" || text.length > 17) return null;
  const m = LSN.exec(text);
  if (!m) return null;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** The pg_lsn text of a position (upper-case, as PostgreSQL prints it). */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** What the rule needs to know about the replica at the moment of a read. */
export type ReplicaView =
  | { reachable: false }
  | {
      reachable: true;
      /** pg_last_wal_replay_lsn(): how far it has replayed (null: not a standby). */
      replayed: bigint | null;
      /** Whether its WAL receiver is connected to the primary. */
      streaming: boolean;
      /** How stale the replica's data may be, in seconds, measured against the primary: the age
       * of the newest position the primary was seen at that the replica has replayed (null: it has
       * replayed none the primary was seen at, or the primary could not be asked). */
      lagSeconds: number | null;
    };

export type ReadNode = "replica" | "primary";

const globalForReplica = globalThis as unknown as { pulsewellReplica?: PrismaClient | null };

/** The replica's client, or null without DATABASE_REPLICA_URL. */
export function replicaDb(): PrismaClient | null {
  // Unset, nothing is read (not even the rest of the configuration): code paths without a replica
  // behave exactly as before it existed.
  if (!process.env.DATABASE_REPLICA_URL) return null;
  if (!globalForReplica.pulsewellReplica) {
    const url = env().DATABASE_REPLICA_URL;
    globalForReplica.pulsewellReplica = url
      ? new PrismaClient({
          adapter: new PrismaPg(
            {
              connectionString: url,
              max: 10,
              application_name: REPLICA_APPLICATION_NAME,
              connectionTimeoutMillis: PROBE_TIMEOUT_MS,
              // A replica that stops answering mid-read (frozen, cut off) fails the read after this
              // long instead of holding it until TCP gives up; the primary then answers it.
              query_timeout: QUERY_TIMEOUT_MS,
              keepAlive: true,
            },
            {
              // node-postgres rethrows an unheard 'error' and ends the process: a replica going
              // away must cost its reads, not the instance.
              onPoolError: (err) => log.warn("db.replica_idle_connection_lost", { err }),
              onConnectionError: (err) => log.warn("db.replica_connection_lost", { err }),
            },
          ),
        })
      : null;
  }
  return globalForReplica.pulsewellReplica;
}

/** runInOrg in a read-only transaction: what a report read may do on either node. */
export function runInOrgReadOnly<T>(
  client: PrismaClient,
  orgId: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  options: { timeoutMs?: number; userId?: string } = {},
): Promise<T> {
  return runInOrg(
    client,
    orgId,
    async (tx) => {
      // Transaction-local, like the organisation's setting: nothing outlives the transaction.
      await tx.$executeRaw`SET TRANSACTION READ ONLY`;
      return fn(tx);
    },
    options.timeoutMs,
    options.userId,
  );
}

/** The primary's current WAL position (pg_lsn text), read after a write has committed. */
export async function primaryWalLsn(): Promise<string | null> {
  const rows = await db().$queryRaw<{ lsn: string | null }[]>`SELECT pg_current_wal_lsn()::text AS lsn`;
  return rows[0]?.lsn ?? null;
}

type Seen = { view: ReplicaView; at: number };
const state: { seen: Seen | null; probing: Promise<ReplicaView> | null } = { seen: null, probing: null };

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`replica did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** One look at the primary's WAL position, and when it was taken. */
export type PrimarySample = { at: number; lsn: bigint };

// The primary's positions seen lately, oldest first: at most one per probe (about one a second),
// kept for SAMPLE_KEEP_MS. A replica whose replay is behind all of them is of unknown staleness.
const SAMPLE_KEEP_MS = 120_000;
const samples: PrimarySample[] = [];

/**
 * How stale a replica that has replayed up to `replayed` may be at `at`, in seconds: everything the
 * primary had committed when it was at position P is on a replica that has replayed P, so the data
 * is at most as old as the newest sample the replica has reached. Measured against the primary, not
 * the replica's own received WAL: a replica that receives late (slow link, stalled stream) has
 * replayed everything it received and still misses what the primary wrote since. Null when the
 * replica has reached no sample (unknown: the caller reads from the primary).
 */
export function lagBehindPrimary(replayed: bigint | null, seen: readonly PrimarySample[], at: number): number | null {
  if (replayed === null) return null;
  for (let i = seen.length - 1; i >= 0; i--) {
    const s = seen[i]!;
    if (s.lsn <= replayed) return Math.max(0, at - s.at) / 1000;
  }
  return null;
}

/** Records one look at the primary's position (kept in order, old ones dropped). */
export function notePrimarySample(sample: PrimarySample): void {
  const last = samples[samples.length - 1];
  // A position behind the last one is another primary (restored, promoted), a time behind it a
  // clock set back: what was seen before says nothing any more.
  if (last && (sample.at < last.at || sample.lsn < last.lsn)) samples.length = 0;
  samples.push(sample);
  while (samples.length > 0 && sample.at - samples[0]!.at > SAMPLE_KEEP_MS) samples.shift();
}

/** The primary's positions seen lately, oldest first (a copy). */
export function primarySamples(): PrimarySample[] {
  return samples.map((s) => ({ ...s }));
}

async function samplePrimary(): Promise<void> {
  // Through PgBouncer as the application role: a plain function call, no session state.
  const at = Date.now();
  const lsn = parseLsn(await withTimeout(primaryWalLsn(), PROBE_TIMEOUT_MS));
  if (lsn !== null) notePrimarySample({ at, lsn });
}

async function probe(client: PrismaClient): Promise<ReplicaView> {
  // The primary first: a position taken before the replica's is one the replica may already have
  // reached, so a replica that keeps up is seen keeping up.
  try {
    await samplePrimary();
  } catch (err) {
    // Unknown staleness: the rule sends the read to the primary, whose own error (if it is down)
    // is then the answer.
    log.warn("db.primary_position_unknown", { err });
  }
  try {
    const rows = await withTimeout(
      client.$queryRaw<{ replayed: string | null; streaming: boolean }[]>`
        SELECT pg_last_wal_replay_lsn()::text AS replayed,
               EXISTS (SELECT 1 FROM pg_stat_wal_receiver) AS streaming`,
      PROBE_TIMEOUT_MS,
    );
    const row = rows[0];
    const replayed = parseLsn(row?.replayed ?? null);
    return {
      reachable: true,
      replayed,
      streaming: row?.streaming === true,
      lagSeconds: lagBehindPrimary(replayed, samples, Date.now()),
    };
  } catch {
    return { reachable: false };
  }
}

/**
 * The replica as the rule needs to see it for a read with `watermark`: a recent look when it
 * already answers the question (covers the watermark, or says the replica is down), else a new one.
 * Concurrent reads share one look. Null without a replica.
 */
export async function replicaState(watermark: bigint | null, now = Date.now()): Promise<ReplicaView | null> {
  const client = replicaDb();
  if (!client) return null;
  const seen = state.seen;
  if (seen) {
    const age = now - seen.at;
    if (!seen.view.reachable && age < DOWN_BACKOFF_MS) return seen.view;
    const covered = seen.view.reachable && (watermark === null || (seen.view.replayed ?? -1n) >= watermark);
    if (seen.view.reachable && age < PROBE_TTL_MS && covered) return seen.view;
  }
  if (!state.probing) {
    state.probing = probe(client).finally(() => {
      state.probing = null;
    });
  }
  const view = await state.probing;
  state.seen = { view, at: Date.now() };
  return view;
}

// Where report reads went in this process, for tests and the operator's curiosity.
const counts: Record<ReadNode, number> = { replica: 0, primary: 0 };

export function noteRead(node: ReadNode): void {
  counts[node] += 1;
}

/** How many report reads each node answered in this process so far (one that failed on the replica
 * counts once, on the primary, which was asked next). */
export function readCounts(): Readonly<Record<ReadNode, number>> {
  return { ...counts };
}

/** Forgets the last look at the replica (tests that change it on purpose). */
export function forgetReplicaState(): void {
  state.seen = null;
  samples.length = 0;
}
