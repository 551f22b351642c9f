import "server-only";
import type { Tx } from "@/lib/db/tenant";

// Failed sign-ins are limited per account and per client address within an organisation.
// A few free tries, then an exponential back-off, and a hard cap per hour.
const WINDOW_MS = 60 * 60 * 1000;
type Limit = { free: number; perHour: number; maxBackoffMs: number };
const LIMITS: Record<"account" | "address", Limit> = {
  account: { free: 5, perHour: 100, maxBackoffMs: 15 * 60 * 1000 },
  address: { free: 20, perHour: 300, maxBackoffMs: 15 * 60 * 1000 },
};

export type ThrottleKey = { kind: "account" | "address"; value: string };
const keyOf = (k: ThrottleKey) => `${k.kind}:${k.value.toLowerCase()}`;

/** Milliseconds until another attempt is allowed for any of the keys (0 = allowed now). */
export async function throttleWait(tx: Tx, orgId: string, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const rows = await tx.authThrottle.findMany({
    where: { organizationId: orgId, key: { in: keys.map(keyOf) } },
    select: { blockedUntil: true },
  });
  return Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now.getTime() : 0)));
}

export async function recordFailure(tx: Tx, orgId: string, keys: ThrottleKey[], now = new Date()): Promise<void> {
  for (const k of keys) {
    const limit = LIMITS[k.kind];
    const key = keyOf(k);
    const row = await tx.authThrottle.findUnique({ where: { organizationId_key: { organizationId: orgId, key } } });
    const fresh = !row || now.getTime() - row.windowStart.getTime() > WINDOW_MS;
    const windowStart = fresh ? now : row.windowStart;
    const failures = (fresh ? 0 : row.failures) + 1;
    let blockedUntil: Date | null = null;
    if (failures >= limit.perHour) {
      blockedUntil = new Date(windowStart.getTime() + WINDOW_MS);
    } else if (failures > limit.free) {
      const backoff = Math.min(limit.maxBackoffMs, 1000 * 2 ** (failures - limit.free - 1));
      blockedUntil = new Date(now.getTime() + backoff);
    }
    await tx.authThrottle.upsert({
      where: { organizationId_key: { organizationId: orgId, key } },
      create: { organizationId: orgId, key, failures, windowStart, blockedUntil },
      update: { failures, windowStart, blockedUntil },
    });
  }
}

export async function clearFailures(tx: Tx, orgId: string, key: ThrottleKey): Promise<void> {
  await tx.authThrottle.deleteMany({ where: { organizationId: orgId, key: keyOf(key) } });
}
