import "server-only";
import type { Tx } from "@/lib/db/tenant";

// Failed sign-ins are limited per account and per client address within an organisation.
// A few free tries, then an exponential back-off, and a hard cap per hour.
//
// An attempt is reserved (counted as a failure) before the password is checked, under a row lock,
// so parallel guesses cannot all slip past the check; a successful sign-in gives it back.
const WINDOW_MS = 60 * 60 * 1000;
type Limit = { free: number; perHour: number; maxBackoffMs: number };
const LIMITS: Record<"account" | "address", Limit> = {
  account: { free: 5, perHour: 100, maxBackoffMs: 15 * 60 * 1000 },
  address: { free: 20, perHour: 300, maxBackoffMs: 15 * 60 * 1000 },
};

export type ThrottleKey = { kind: "account" | "address"; value: string };
const keyOf = (k: ThrottleKey) => `${k.kind}:${k.value.toLowerCase()}`;
type Row = { failures: number; windowStart: Date; blockedUntil: Date | null };

/** Locks the counter rows of the keys (created when missing), in key order to avoid deadlocks. */
async function lockRows(
  tx: Tx,
  orgId: string,
  keys: ThrottleKey[],
  now: Date,
): Promise<{ key: ThrottleKey; row: Row }[]> {
  const sorted = [...keys].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const out: { key: ThrottleKey; row: Row }[] = [];
  for (const key of sorted) {
    const k = keyOf(key);
    await tx.$executeRaw`INSERT INTO "AuthThrottle" ("organizationId", "key", "failures", "windowStart")
      VALUES (${orgId}::uuid, ${k}, 0, ${now}) ON CONFLICT DO NOTHING`;
    const rows = await tx.$queryRaw<Row[]>`SELECT "failures", "windowStart", "blockedUntil" FROM "AuthThrottle"
      WHERE "organizationId" = ${orgId}::uuid AND "key" = ${k} FOR UPDATE`;
    out.push({ key, row: rows[0]! });
  }
  return out;
}

function nextState(kind: ThrottleKey["kind"], row: Row, now: Date): Row {
  const limit = LIMITS[kind];
  const fresh = now.getTime() - row.windowStart.getTime() > WINDOW_MS;
  const windowStart = fresh ? now : row.windowStart;
  const failures = (fresh ? 0 : row.failures) + 1;
  let blockedUntil: Date | null = null;
  if (failures >= limit.perHour) blockedUntil = new Date(windowStart.getTime() + WINDOW_MS);
  else if (failures > limit.free)
    blockedUntil = new Date(now.getTime() + Math.min(limit.maxBackoffMs, 1000 * 2 ** (failures - limit.free - 1)));
  return { failures, windowStart, blockedUntil };
}

async function save(tx: Tx, orgId: string, key: ThrottleKey, row: Row): Promise<void> {
  await tx.authThrottle.update({
    where: { organizationId_key: { organizationId: orgId, key: keyOf(key) } },
    data: row,
  });
}

/** Milliseconds until another attempt is allowed for any of the keys (0 = allowed now). */
export async function throttleWait(tx: Tx, orgId: string, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const rows = await tx.authThrottle.findMany({
    where: { organizationId: orgId, key: { in: keys.map(keyOf) } },
    select: { blockedUntil: true },
  });
  return Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now.getTime() : 0)));
}

/** Counts one failure for each key. */
export async function recordFailure(tx: Tx, orgId: string, keys: ThrottleKey[], now = new Date()): Promise<void> {
  for (const { key, row } of await lockRows(tx, orgId, keys, now))
    await save(tx, orgId, key, nextState(key.kind, row, now));
}

/** Refuses (returns the wait in ms) while any key is blocked; otherwise counts the attempt as a
 * failure up front and returns 0. */
export async function reserveAttempt(tx: Tx, orgId: string, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const locked = await lockRows(tx, orgId, keys, now);
  const wait = Math.max(
    0,
    ...locked.map(({ row }) => (row.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0)),
  );
  if (wait > 0) return wait;
  for (const { key, row } of locked) await save(tx, orgId, key, nextState(key.kind, row, now));
  return 0;
}

/** After a successful sign-in: the account starts afresh, and the address gets its reserved
 * attempt back (colleagues behind one address are not punished for a success). */
export async function releaseAttempt(tx: Tx, orgId: string, keys: ThrottleKey[]): Promise<void> {
  for (const key of keys) {
    if (key.kind === "account") {
      await clearFailures(tx, orgId, key);
      continue;
    }
    await tx.$executeRaw`UPDATE "AuthThrottle"
      SET "failures" = GREATEST("failures" - 1, 0),
          "blockedUntil" = CASE WHEN "failures" - 1 > ${LIMITS.address.free} THEN "blockedUntil" ELSE NULL END
      WHERE "organizationId" = ${orgId}::uuid AND "key" = ${keyOf(key)}`;
  }
}

export async function clearFailures(tx: Tx, orgId: string, key: ThrottleKey): Promise<void> {
  await tx.authThrottle.deleteMany({ where: { organizationId: orgId, key: keyOf(key) } });
}
