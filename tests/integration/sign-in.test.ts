import { describe, expect, it, vi } from "vitest";
import pg from "pg";
import { withOrg } from "@/lib/db/tenant";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { clearFailures, recordFailure, throttleWait, type ThrottleKey } from "@/lib/auth/throttle";
import { createOrg, createUser, TEST_PASSWORD, uniqueName } from "../support/factories";

const HOUR = 60 * 60 * 1000;
const FIFTEEN_MIN = 15 * 60 * 1000;

function attempt(orgId: string, email: string, password: string, address: string | null = "198.51.100.10") {
  return signInWithPassword({ orgId, email, password, address, userAgent: "vitest" });
}

const sessionsOf = (orgId: string, userId: string) =>
  withOrg(orgId, (tx) => tx.session.findMany({ where: { organizationId: orgId, userId } }));

const throttleRow = (orgId: string, key: string) =>
  withOrg(orgId, (tx) => tx.authThrottle.findUnique({ where: { organizationId_key: { organizationId: orgId, key } } }));

describe("signInWithPassword", () => {
  it("opens a session row for the right password", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const before = Date.now();
    const result = await signInWithPassword({
      orgId,
      email: user.email,
      password: TEST_PASSWORD,
      address: "198.51.100.1",
      userAgent: "Agent/1.0",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) throw new Error("unreachable");
    expect(result.userId).toBe(user.id);

    const session = await withOrg(orgId, (tx) =>
      tx.session.findUnique({ where: { organizationId_id: { organizationId: orgId, id: result.sessionId } } }),
    );
    expect(session).not.toBeNull();
    expect(session!.userId).toBe(user.id);
    expect(session!.revokedAt).toBeNull();
    expect(session!.userAgent).toBe("Agent/1.0");
    // 30 days ahead
    const ttl = session!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 24 * HOUR);
    expect(ttl).toBeLessThanOrEqual(30 * 24 * HOUR + 60_000);
  });

  it("answers a wrong password and an unknown e-mail identically, and opens no session", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const wrong = await attempt(orgId, user.email, "Wrong-password-1");
    const unknown = await attempt(orgId, `${uniqueName("nobody")}@example.com`, TEST_PASSWORD);
    expect(wrong).toStrictEqual({ ok: false, reason: "invalid" });
    expect(unknown).toStrictEqual(wrong);
    expect(Object.keys(unknown)).toEqual(Object.keys(wrong));
    expect(await sessionsOf(orgId, user.id)).toHaveLength(0);
  });

  it("refuses a user without a password like any other failure", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId, { password: null });
    expect(await attempt(orgId, user.email, TEST_PASSWORD)).toStrictEqual({ ok: false, reason: "invalid" });
    expect(await sessionsOf(orgId, user.id)).toHaveLength(0);
  });

  it("matches the e-mail case-insensitively and ignores surrounding spaces", async () => {
    const { orgId } = await createOrg();
    const email = `${uniqueName("mixed")}@example.com`;
    const user = await createUser(orgId, { email });
    const result = await attempt(orgId, `  ${email.toUpperCase()}  `, TEST_PASSWORD);
    expect(result).toMatchObject({ ok: true, userId: user.id });
    expect(await sessionsOf(orgId, user.id)).toHaveLength(1);
  });

  it("does not let a user of organisation A sign in through organisation B", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const user = await createUser(a.orgId);
    const result = await attempt(b.orgId, user.email, TEST_PASSWORD);
    expect(result).toStrictEqual({ ok: false, reason: "invalid" });
    expect(await sessionsOf(a.orgId, user.id)).toHaveLength(0);
    const bSessions = await withOrg(b.orgId, (tx) => tx.session.count());
    expect(bSessions).toBe(0);
    // The failure was counted in B (where it happened), not in A.
    expect(await throttleRow(b.orgId, `account:${user.email}`)).toMatchObject({ failures: 1 });
    expect(await throttleRow(a.orgId, `account:${user.email}`)).toBeNull();
  });

  it("throttles an account after its free failures, even with the right password, from any address", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    // Five free failures, each from another address, then a sixth that starts the back-off.
    for (let i = 1; i <= 6; i++) {
      expect(await attempt(orgId, user.email, `Wrong-password-${i}`, `192.0.2.${i}`)).toStrictEqual({
        ok: false,
        reason: "invalid",
      });
    }
    const row = await throttleRow(orgId, `account:${user.email}`);
    expect(row?.failures).toBe(6);
    expect(row?.blockedUntil).not.toBeNull();

    const result = await attempt(orgId, user.email, TEST_PASSWORD, "192.0.2.99");
    expect(result.ok).toBe(false);
    if (result.ok) throw new Error("unreachable");
    expect(result.reason).toBe("throttled");
    expect(result.retryAfterMs).toBeGreaterThan(0);
    expect(result.retryAfterMs).toBeLessThanOrEqual(1000);
    expect(await sessionsOf(orgId, user.id)).toHaveLength(0);
    // A refused (throttled) attempt is not itself counted.
    expect((await throttleRow(orgId, `account:${user.email}`))?.failures).toBe(6);

    // Another account from the same address is unaffected (throttled attempts count against no address either).
    const other = await createUser(orgId);
    expect(await attempt(orgId, other.email, TEST_PASSWORD, "192.0.2.99")).toMatchObject({
      ok: true,
      userId: other.id,
    });
  });

  it("keeps the account counter per organisation", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const email = `${uniqueName("same")}@example.com`;
    await createUser(a.orgId, { email });
    const inB = await createUser(b.orgId, { email });
    for (let i = 0; i < 6; i++) await attempt(a.orgId, email, "Wrong-password-1");
    expect((await attempt(a.orgId, email, TEST_PASSWORD)).ok).toBe(false);
    expect(await attempt(b.orgId, email, TEST_PASSWORD)).toMatchObject({ ok: true, userId: inB.id });
  });

  it("throttles a client address independently of the accounts it tries", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    // 21 failures from one address, each on a different (unknown) account: no account is throttled.
    for (let i = 0; i < 21; i++) {
      const r = await attempt(orgId, `${uniqueName("probe")}@example.com`, "Wrong-password-1", "2001:DB8::7");
      expect(r).toStrictEqual({ ok: false, reason: "invalid" });
    }
    expect(await throttleRow(orgId, "address:2001:db8::7")).toMatchObject({ failures: 21 });

    // The right password of an untouched account from that address (spelt differently) is refused...
    const blocked = await attempt(orgId, user.email, TEST_PASSWORD, "2001:db8::7");
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    expect(await sessionsOf(orgId, user.id)).toHaveLength(0);
    // (the refused attempt is not counted against the account)
    expect((await throttleRow(orgId, `account:${user.email}`))?.failures ?? 0).toBe(0);
    // ...and works from another address.
    expect(await attempt(orgId, user.email, TEST_PASSWORD, "2001:db8::8")).toMatchObject({ ok: true, userId: user.id });
    // Without an address only the account counts.
    const other = await createUser(orgId);
    expect(await attempt(orgId, other.email, TEST_PASSWORD, null)).toMatchObject({ ok: true, userId: other.id });
  });

  it("clears the account counter on success but keeps the address counter", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    for (let i = 0; i < 3; i++) await attempt(orgId, user.email, "Wrong-password-1", "198.51.100.77");
    expect(await throttleRow(orgId, `account:${user.email}`)).toMatchObject({ failures: 3 });
    expect(await attempt(orgId, user.email, TEST_PASSWORD, "198.51.100.77")).toMatchObject({ ok: true });
    expect(await throttleRow(orgId, `account:${user.email}`)).toBeNull();
    expect(await throttleRow(orgId, "address:198.51.100.77")).toMatchObject({ failures: 3 });
    // A new failure starts counting from one again.
    await attempt(orgId, user.email, "Wrong-password-1", "198.51.100.77");
    expect(await throttleRow(orgId, `account:${user.email}`)).toMatchObject({ failures: 1, blockedUntil: null });
  });
});

describe("recordFailure / throttleWait", () => {
  it("gives free tries, then doubles the back-off up to 15 minutes, then blocks to the end of the hour at 100", async () => {
    const { orgId } = await createOrg();
    const key: ThrottleKey = { kind: "account", value: "Victim@Example.com" };
    const t0 = Date.parse("2031-03-01T12:00:00.000Z");
    const at = (i: number) => new Date(t0 + i * 1000); // failure i happens i seconds after t0

    const seen = await withOrg(orgId, async (tx) => {
      const out: { failures: number; windowStart: number; blockedUntil: number | null; wait: number }[] = [];
      for (let i = 1; i <= 100; i++) {
        await recordFailure(tx, orgId, [key], at(i));
        const row = await tx.authThrottle.findUniqueOrThrow({
          where: { organizationId_key: { organizationId: orgId, key: "account:victim@example.com" } },
        });
        out.push({
          failures: row.failures,
          windowStart: row.windowStart.getTime(),
          blockedUntil: row.blockedUntil?.getTime() ?? null,
          wait: await throttleWait(tx, orgId, [key], at(i)),
        });
      }
      return out;
    });

    const windowStart = at(1).getTime();
    for (let i = 1; i <= 100; i++) {
      const s = seen[i - 1]!;
      expect(s.failures).toBe(i);
      expect(s.windowStart).toBe(windowStart);
      if (i <= 5) {
        expect(s.blockedUntil, `failure ${i}`).toBeNull();
        expect(s.wait).toBe(0);
      } else if (i < 100) {
        const backoff = Math.min(FIFTEEN_MIN, 1000 * 2 ** (i - 6));
        expect(s.blockedUntil, `failure ${i}`).toBe(at(i).getTime() + backoff);
        expect(s.wait).toBe(backoff);
      } else {
        expect(s.blockedUntil).toBe(windowStart + HOUR);
        expect(s.wait).toBe(windowStart + HOUR - at(100).getTime());
      }
    }
    // Spot checks of the curve.
    expect(seen[5]!.wait).toBe(1000);
    expect(seen[6]!.wait).toBe(2000);
    expect(seen[14]!.wait).toBe(512_000);
    expect(seen[15]!.wait).toBe(FIFTEEN_MIN);
    expect(seen[98]!.wait).toBe(FIFTEEN_MIN);
  });

  it("uses the larger free allowance for addresses and reports the longest wait over all keys", async () => {
    const { orgId } = await createOrg();
    const address: ThrottleKey = { kind: "address", value: "203.0.113.5" };
    const account: ThrottleKey = { kind: "account", value: "a@example.com" };
    const now = new Date("2031-03-01T12:00:00.000Z");
    await withOrg(orgId, async (tx) => {
      for (let i = 0; i < 20; i++) await recordFailure(tx, orgId, [address], now);
      expect(await throttleWait(tx, orgId, [address], now)).toBe(0);
      await recordFailure(tx, orgId, [address], now);
      expect(await throttleWait(tx, orgId, [address], now)).toBe(1000);
      for (let i = 0; i < 8; i++) await recordFailure(tx, orgId, [account], now); // 8th failure: 2^2 s
      expect(await throttleWait(tx, orgId, [account], now)).toBe(4000);
      expect(await throttleWait(tx, orgId, [address, account], now)).toBe(4000);
      expect(await throttleWait(tx, orgId, [address, account], new Date(now.getTime() + 1500))).toBe(2500);
      expect(await throttleWait(tx, orgId, [address, account], new Date(now.getTime() + 10_000))).toBe(0);
    });
  });

  it("starts a new window after an hour", async () => {
    const { orgId } = await createOrg();
    const key: ThrottleKey = { kind: "account", value: "reset@example.com" };
    const t0 = new Date("2031-03-01T12:00:00.000Z");
    await withOrg(orgId, async (tx) => {
      for (let i = 0; i < 100; i++) await recordFailure(tx, orgId, [key], t0);
      const capped = await tx.authThrottle.findFirstOrThrow({
        where: { organizationId: orgId, key: "account:reset@example.com" },
      });
      expect(capped.failures).toBe(100);
      expect(capped.blockedUntil?.getTime()).toBe(t0.getTime() + HOUR);
      expect(await throttleWait(tx, orgId, [key], new Date(t0.getTime() + HOUR - 1))).toBe(1);
      expect(await throttleWait(tx, orgId, [key], new Date(t0.getTime() + HOUR))).toBe(0);

      const later = new Date(t0.getTime() + HOUR + 1);
      await recordFailure(tx, orgId, [key], later);
      const fresh = await tx.authThrottle.findFirstOrThrow({
        where: { organizationId: orgId, key: "account:reset@example.com" },
      });
      expect(fresh.failures).toBe(1);
      expect(fresh.windowStart.getTime()).toBe(later.getTime());
      expect(fresh.blockedUntil).toBeNull();
      expect(await throttleWait(tx, orgId, [key], later)).toBe(0);
    });
  });

  it("keeps counting within the hour and clearFailures removes only the given key", async () => {
    const { orgId } = await createOrg();
    const account: ThrottleKey = { kind: "account", value: "keep@example.com" };
    const address: ThrottleKey = { kind: "address", value: "203.0.113.9" };
    const t0 = new Date("2031-03-01T12:00:00.000Z");
    await withOrg(orgId, async (tx) => {
      await recordFailure(tx, orgId, [account, address], t0);
      await recordFailure(tx, orgId, [account, address], new Date(t0.getTime() + HOUR - 1));
      const rows = await tx.authThrottle.findMany({ where: { organizationId: orgId }, orderBy: { key: "asc" } });
      expect(rows.map((r) => [r.key, r.failures])).toEqual([
        ["account:keep@example.com", 2],
        ["address:203.0.113.9", 2],
      ]);
      await clearFailures(tx, orgId, account);
      const left = await tx.authThrottle.findMany({ where: { organizationId: orgId } });
      expect(left.map((r) => r.key)).toEqual(["address:203.0.113.9"]);
    });
  });
});

describe("recordFailure under concurrency", () => {
  // Two failures for one key committing concurrently must count as two (the row is locked).
  it("counts two overlapping failures for the same account as two", async () => {
    const { orgId } = await createOrg();
    const key: ThrottleKey = { kind: "account", value: `${uniqueName("race")}@example.com` };
    await withOrg(orgId, (tx) => recordFailure(tx, orgId, [key]));

    const pgc = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await pgc.connect();
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let signalWritten!: () => void;
      const written = new Promise<void>((r) => (signalWritten = r));
      // Transaction 1 records a failure and holds its row lock until released.
      const first = withOrg(orgId, async (tx) => {
        await recordFailure(tx, orgId, [key]);
        signalWritten();
        await gate;
      });
      await written;
      // Transaction 2 reads the committed counter, then waits on transaction 1's row lock.
      const second = withOrg(orgId, (tx) => recordFailure(tx, orgId, [key]));
      try {
        await vi.waitFor(
          async () => {
            const { rows } = await pgc.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            );
            if (rows[0].n === 0)
              throw new Error("transaction 2 never waited on transaction 1's row lock: the failures did not overlap");
          },
          { timeout: 10_000, interval: 25 },
        );
      } finally {
        release();
      }
      await Promise.all([first, second]);
    } finally {
      await pgc.end();
    }
    const row = await withOrg(orgId, (tx) => tx.authThrottle.findFirstOrThrow({ where: { organizationId: orgId } }));
    expect(row.failures).toBe(3);
  });
});
