import { describe, expect, it } from "vitest";
import { randomInt, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { addressKey, enforceRateLimit, hitRateLimit, pruneRateLimits, RATE_LIMITS } from "@/lib/api/rate-limit";
import { apiRoute } from "@/lib/api/route";
import { isDomainError } from "@/lib/errors/domain-error";
import { ownerClient } from "../support/owner-client";

const owner = ownerClient();

/** A client address no other test of this file uses. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("rate limits (fixed window, counted in PostgreSQL)", () => {
  it("allows max hits in a window, refuses the next with the seconds left, and starts afresh when the window ends", async () => {
    const { max, windowSeconds } = RATE_LIMITS.signupCheckSubdomain;
    const client = { address: freshAddress() };
    const t0 = new Date("2026-11-24T10:00:00.000Z");
    for (let i = 1; i <= max; i++) {
      const r = await hitRateLimit("signupCheckSubdomain", client, at(t0, i - 1));
      expect(r).toEqual({ allowed: true, count: i, limit: max, retryAfterSeconds: windowSeconds });
    }
    expect(await hitRateLimit("signupCheckSubdomain", client, at(t0, 1000))).toMatchObject({
      allowed: false,
      count: max + 1,
      retryAfterSeconds: windowSeconds - 1,
    });
    // Retry-After is the time left in the window, rounded up to whole seconds.
    expect(await hitRateLimit("signupCheckSubdomain", client, at(t0, 45_500))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 15,
    });
    expect(await hitRateLimit("signupCheckSubdomain", client, at(t0, windowSeconds * 1000 - 1))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    // The window ends exactly windowSeconds after its first hit.
    expect(await hitRateLimit("signupCheckSubdomain", client, at(t0, windowSeconds * 1000))).toEqual({
      allowed: true,
      count: 1,
      limit: max,
      retryAfterSeconds: windowSeconds,
    });
  });

  it("answers 429 with Retry-After through the API wrapper, before the handler runs", async () => {
    let handled = 0;
    const route = apiRoute({ auth: "public", rateLimit: "quickLogin" }, async () => {
      handled++;
      return { ok: true };
    });
    const address = freshAddress();
    const call = () =>
      route(new NextRequest("http://localhost:3000/api/x", { headers: { "x-forwarded-for": `6.6.6.6, ${address}` } }), {
        params: Promise.resolve({}),
      });
    for (let i = 0; i < RATE_LIMITS.quickLogin.max; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(RATE_LIMITS.quickLogin.windowSeconds - 10);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.quickLogin.windowSeconds);
    expect(await refused.json()).toMatchObject({ status: 429, code: "rate_limited" });
    expect(handled).toBe(RATE_LIMITS.quickLogin.max);
    // The forged first X-Forwarded-For entry is not the key: another real address is still served.
    const other = await route(
      new NextRequest("http://localhost:3000/api/x", { headers: { "x-forwarded-for": `6.6.6.6, ${freshAddress()}` } }),
      { params: Promise.resolve({}) },
    );
    expect(other.status).toBe(200);
  });

  it("keeps addresses, workspaces and limits apart", async () => {
    const t0 = new Date("2026-11-24T11:00:00.000Z");
    const a = freshAddress();
    const orgA = randomUUID();
    const orgB = randomUUID();
    const { max } = RATE_LIMITS.quickLogin;
    for (let i = 0; i < max; i++) await hitRateLimit("quickLogin", { address: a, orgId: orgA }, t0);
    expect((await hitRateLimit("quickLogin", { address: a, orgId: orgA }, t0)).allowed).toBe(false);
    // Per-workspace limit: the same address in another workspace, or another address, starts at 1.
    expect(await hitRateLimit("quickLogin", { address: a, orgId: orgB }, t0)).toMatchObject({
      allowed: true,
      count: 1,
    });
    expect(await hitRateLimit("quickLogin", { address: freshAddress(), orgId: orgA }, t0)).toMatchObject({
      allowed: true,
      count: 1,
    });
    // Another limit of the same client counts on its own.
    expect(await hitRateLimit("passwordResetRequest", { address: a, orgId: orgA }, t0)).toMatchObject({
      allowed: true,
      count: 1,
    });
    // A per-address limit ignores the workspace.
    const b = freshAddress();
    await hitRateLimit("companyFinder", { address: b, orgId: orgA }, t0);
    expect(await hitRateLimit("companyFinder", { address: b, orgId: orgB }, t0)).toMatchObject({ count: 2 });
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one", async () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(addressKey("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(addressKey("64:ff9b::1.2.3.4")).toBe("0064:ff9b:0000:0000::/64");
    expect(addressKey("not an address")).toBe("unknown");
    expect(addressKey(null)).toBe("unknown");
    const t0 = new Date("2026-11-24T12:00:00.000Z");
    await hitRateLimit("companyFinder", { address: "2001:db8:77:1::1" }, t0);
    expect(await hitRateLimit("companyFinder", { address: "2001:db8:77:1:dead:beef:0:2" }, t0)).toMatchObject({
      count: 2,
    });
    expect(await hitRateLimit("companyFinder", { address: "2001:db8:77:2::1" }, t0)).toMatchObject({ count: 1 });
  });

  it("counts 20 parallel hits exactly: each gets its own count, and exactly max are allowed", async () => {
    const client = { address: freshAddress(), orgId: randomUUID() };
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit("quickLogin", client)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(RATE_LIMITS.quickLogin.max);
    // enforceRateLimit throws the coded error the wrappers map to 429.
    const err = await enforceRateLimit("quickLogin", client).catch((e: unknown) => e);
    expect(isDomainError(err, "rate_limited")).toBe(true);
  });

  it("prunes ended windows only", async () => {
    const t0 = new Date("2026-11-24T13:00:00.000Z");
    const ended = freshAddress();
    const live = freshAddress();
    await hitRateLimit("companyFinder", { address: ended }, t0);
    await hitRateLimit("signupComplete", { address: live }, t0);
    // companyFinder's window (60 s) has ended 2 minutes later; signupComplete's (10 min) has not.
    expect(await pruneRateLimits(at(t0, 120_000))).toBeGreaterThanOrEqual(1);
    const { rows } = await owner().query<{ key: string }>(`SELECT "key" FROM "RateLimit" WHERE "key" IN ($1, $2)`, [
      ended,
      live,
    ]);
    expect(rows.map((r) => r.key)).toEqual([live]);
  });

  it("gives the application role no access to the table itself, only the functions", async () => {
    await expect(db().$queryRawUnsafe(`SELECT * FROM "RateLimit"`)).rejects.toThrow(/permission denied/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "RateLimit"`)).rejects.toThrow(/permission denied/);
  });
});
