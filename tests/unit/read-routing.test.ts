import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import * as replicaModule from "@/lib/db/replica";
import {
  forgetReplicaState,
  lagBehindPrimary,
  notePrimarySample,
  primarySamples,
  readCounts,
  type PrimarySample,
} from "@/lib/db/replica";
import {
  MAX_LAG_S,
  readingAfter,
  withOrgReport,
  WATERMARK_COOKIE,
  WATERMARK_MAX_AGE_S,
  chooseReadNode,
  formatLsn,
  parseLsn,
  recordingRouteWrites,
  secureRequest,
  watermarkOf,
  watermarkSetCookie,
  type ReplicaView,
} from "@/lib/db/read-routing";

// Report reads with a stand-in replica and primary: each "client" is a label, and a read on it
// answers what the test says that node holds. Everything else of the module is the real one.
const nodes = vi.hoisted(() => ({
  replica: { label: "replica" } as unknown,
  primary: { label: "primary" } as unknown,
  active: false,
  answers: { replica: "open", primary: "closed" } as Record<"replica" | "primary", string>,
  asked: [] as string[],
}));
vi.mock("@/lib/db/replica", async (importOriginal) => {
  const real = await importOriginal<typeof replicaModule>();
  return {
    ...real,
    replicaDb: () => (nodes.active ? nodes.replica : real.replicaDb()),
    replicaState: async (w: bigint | null, now?: number) =>
      nodes.active
        ? { reachable: true, replayed: 1n << 40n, streaming: true, lagSeconds: 0 }
        : real.replicaState(w, now),
    runInOrgReadOnly: async (client: unknown, orgId: string, fn: (tx: unknown) => Promise<unknown>) => {
      const node = client === nodes.replica ? "replica" : "primary";
      nodes.asked.push(node);
      return fn({ node, status: nodes.answers[node] });
    },
  };
});
vi.mock("@/lib/db/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/client")>();
  return { ...real, db: () => (nodes.active ? (nodes.primary as PrismaClient) : real.db()) };
});

const replica = (replayed: string | null, over: Partial<Extract<ReplicaView, { reachable: true }>> = {}) =>
  ({
    reachable: true,
    replayed: replayed === null ? null : parseLsn(replayed),
    streaming: true,
    lagSeconds: 0,
    ...over,
  }) as const;

describe("WAL positions", () => {
  it("reads pg_lsn text as PostgreSQL prints it, in either case", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("16/b374d848")).toBe(parseLsn("16/B374D848"));
    expect(parseLsn("FFFFFFFF/FFFFFFFF")).toBe((1n << 64n) - 1n);
  });

  it("compares positions as numbers, not as text", () => {
    // As text "0/9000000" sorts after "0/10000000" and "0/FFFFFFFF" after "1/0".
    expect(parseLsn("0/10000000")! > parseLsn("0/9000000")!).toBe(true);
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
    expect(parseLsn("A/0")! > parseLsn("9/FFFFFFFF")!).toBe(true);
  });

  it("formats a position back to the same text", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (n) => {
        expect(parseLsn(formatLsn(n))).toBe(n);
      }),
    );
    expect(formatLsn(parseLsn("16/b374d848")!)).toBe("16/B374D848");
  });

  it("refuses anything that is not a position", () => {
    for (const bad of [
      undefined,
      null,
      "",
      "/",
      "0/",
      "/0",
      "0",
      "123/456/789",
      "G/0",
      "0/1FFFFFFFF",
      "100000000/0",
      " 0/1",
      "0/1 ",
      "0/1;",
      "-1/0",
      "0x1/0x2",
      "0/1\n",
      "%30/1",
      "0／1",
      "1.5/0",
      "٣/0",
      "0".repeat(5000),
      42,
      { toString: () => "0/1" },
    ]) {
      expect(parseLsn(bad)).toBeNull();
    }
  });
});

describe("the watermark cookie", () => {
  it("holds a position, refused when malformed", () => {
    expect(watermarkOf("0/3000148")).toBe(0x3000148n);
    expect(watermarkOf(undefined)).toBeNull();
    expect(watermarkOf("0/3000148; Path=/")).toBeNull();
  });

  it("never throws on a hostile value, and only a real position counts", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (v) => {
        const w = watermarkOf(v);
        if (w !== null) expect(v).toMatch(/^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i);
        // Whatever the cookie says, the rule answers a node and nothing else.
        expect(["replica", "primary"]).toContain(chooseReadNode(w, replica("0/5")));
      }),
      { numRuns: 2000 },
    );
  });

  it("is HttpOnly, SameSite=Lax, short-lived, on the whole host, Secure over https", () => {
    const c = watermarkSetCookie("0/3000148", true);
    expect(c).toBe(
      `${WATERMARK_COOKIE}=0/3000148; Path=/; Max-Age=${WATERMARK_MAX_AGE_S}; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(watermarkSetCookie("0/3000148", false)).not.toMatch(/Secure/);
    // Host-only: a Domain attribute would send one workspace's watermark to every other one.
    expect(c).not.toMatch(/Domain/i);
    expect(WATERMARK_MAX_AGE_S).toBeGreaterThan(MAX_LAG_S);
    expect(WATERMARK_MAX_AGE_S).toBeLessThanOrEqual(600);
  });

  it("is Secure unless the forwarded protocol says http, as the session cookie", () => {
    expect(secureRequest(new Headers({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(secureRequest(new Headers())).toBe(true);
    expect(secureRequest(new Headers({ "x-forwarded-proto": "http" }))).toBe(false);
  });
});

describe("where a report read goes", () => {
  it("goes to the primary without a replica, or with one that cannot be reached", () => {
    expect(chooseReadNode(null, null)).toBe("primary");
    expect(chooseReadNode(0x10n, null)).toBe("primary");
    expect(chooseReadNode(null, { reachable: false })).toBe("primary");
  });

  it("goes to the replica without a recent write", () => {
    expect(chooseReadNode(null, replica("0/5"))).toBe("replica");
  });

  it("goes to the replica only once it has replayed the reader's last write", () => {
    expect(chooseReadNode(parseLsn("0/3000148"), replica("0/3000147"))).toBe("primary");
    expect(chooseReadNode(parseLsn("0/3000148"), replica("0/3000148"))).toBe("replica");
    expect(chooseReadNode(parseLsn("0/3000148"), replica("0/3000149"))).toBe("replica");
    expect(chooseReadNode(parseLsn("1/0"), replica("0/FFFFFFFF"))).toBe("primary");
  });

  it("goes to the primary when the replica lags, stopped streaming or is no standby", () => {
    expect(chooseReadNode(null, replica("0/5", { lagSeconds: MAX_LAG_S + 0.5 }))).toBe("primary");
    expect(chooseReadNode(null, replica("0/5", { lagSeconds: MAX_LAG_S }))).toBe("replica");
    expect(chooseReadNode(null, replica("0/5", { lagSeconds: Number.NaN }))).toBe("primary");
    expect(chooseReadNode(null, replica("0/5", { streaming: false }))).toBe("primary");
    // pg_last_wal_replay_lsn() is null on a server that is not in recovery: a misconfigured URL.
    expect(chooseReadNode(null, replica(null))).toBe("primary");
  });

  it("never lets a watermark send a read to a replica behind it", () => {
    const lsn = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    fc.assert(
      fc.property(lsn, lsn, fc.boolean(), fc.double({ min: 0, max: 100, noNaN: true }), (w, r, streaming, lag) => {
        const node = chooseReadNode(w, { reachable: true, replayed: r, streaming, lagSeconds: lag });
        if (node === "replica") expect(r >= w && streaming && lag <= MAX_LAG_S).toBe(true);
        else expect(r < w || !streaming || lag > MAX_LAG_S).toBe(true);
      }),
    );
  });
});

describe("lag measured against the primary", () => {
  const at = 1_000_000;
  const lsn = (text: string) => parseLsn(text)!;
  // The primary seen once a second for the last 30 s, writing all the time.
  const seen: PrimarySample[] = Array.from({ length: 31 }, (_, i) => ({
    at: at - (30 - i) * 1000,
    lsn: lsn("0/1000000") + BigInt(i) * 0x1000n,
  }));

  it("is the age of the newest primary position the replica has replayed", () => {
    expect(lagBehindPrimary(seen[30]!.lsn, seen, at)).toBe(0);
    expect(lagBehindPrimary(seen[30]!.lsn + 5n, seen, at)).toBe(0);
    // Between two samples: only the older one is known to be on the replica.
    expect(lagBehindPrimary(seen[28]!.lsn + 1n, seen, at)).toBe(2);
    expect(lagBehindPrimary(seen[10]!.lsn, seen, at)).toBe(20);
  });

  it("sends reads to the primary when a replica that replayed all it received is far behind the primary", () => {
    // The old measure: received == replayed counted as no lag. Here the replica has replayed
    // everything it received, which is where the primary was 25 s ago.
    const behind = seen[5]!.lsn;
    const lag = lagBehindPrimary(behind, seen, at);
    expect(lag).toBe(25);
    expect(chooseReadNode(null, replica(formatLsn(behind), { lagSeconds: lag }))).toBe("primary");
    // A replica that keeps up within MAX_LAG_S still answers.
    const close = lagBehindPrimary(seen[30 - MAX_LAG_S]!.lsn, seen, at);
    expect(chooseReadNode(null, replica(formatLsn(seen[30 - MAX_LAG_S]!.lsn), { lagSeconds: close }))).toBe("replica");
  });

  it("is unknown (primary) when the replica is behind every position seen, or is no standby", () => {
    expect(lagBehindPrimary(seen[0]!.lsn - 1n, seen, at)).toBeNull();
    expect(lagBehindPrimary(lsn("0/5"), [], at)).toBeNull();
    expect(lagBehindPrimary(null, seen, at)).toBeNull();
    expect(chooseReadNode(null, replica("0/5", { lagSeconds: null }))).toBe("primary");
  });

  it("forgets what it saw of a primary that went back (another primary, a clock set back)", () => {
    forgetReplicaState();
    notePrimarySample({ at: 1_000, lsn: lsn("0/9000000") });
    notePrimarySample({ at: 2_000, lsn: lsn("0/9000100") });
    expect(lagBehindPrimary(lsn("0/9000000"), primarySamples(), 3_000)).toBe(2);
    notePrimarySample({ at: 4_000, lsn: lsn("0/3000000") });
    expect(primarySamples()).toEqual([{ at: 4_000, lsn: lsn("0/3000000") }]);
    expect(lagBehindPrimary(lsn("0/3000000"), primarySamples(), 4_500)).toBe(0.5);
    forgetReplicaState();
    expect(primarySamples()).toEqual([]);
  });

  it("never calls a replica fresh that is behind a primary position older than MAX_LAG_S", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 0x40000n }), (extra) => {
        const replayed = lsn("0/1000000") + extra - 1n;
        const node = chooseReadNode(
          null,
          replica(formatLsn(replayed), { lagSeconds: lagBehindPrimary(replayed, seen, at) }),
        );
        // Every primary position older than MAX_LAG_S must be on a replica that answers.
        const old = seen.filter((s) => at - s.at > MAX_LAG_S * 1000);
        if (node === "replica") expect(old.every((s) => s.lsn <= replayed)).toBe(true);
      }),
    );
  });
});

describe("a report answer the primary must confirm", () => {
  const read = (recheck?: (answer: { node: string; status: string }) => boolean) =>
    readingAfter(null, () =>
      withOrgReport(
        "00000000-0000-4000-8000-000000000001",
        async (tx) => {
          const t = tx as unknown as { node: string; status: string };
          return { node: t.node, status: t.status };
        },
        recheck ? { recheck } : {},
      ),
    );
  const withNodes = async <T>(replicaSays: string, fn: () => Promise<T>) => {
    nodes.active = true;
    nodes.asked = [];
    nodes.answers = { replica: replicaSays, primary: "closed" };
    try {
      return await fn();
    } finally {
      nodes.active = false;
    }
  };

  it("is read again on the primary when the replica answered a state work may have just ended", async () => {
    const before = readCounts();
    const out = await withNodes("open", () => read((a) => a.status !== "closed"));
    expect(out).toEqual({ node: "primary", status: "closed" });
    expect(nodes.asked).toEqual(["replica", "primary"]);
    expect(readCounts().primary - before.primary).toBe(1);
  });

  it("keeps the replica's answer when it already shows the state ended, or nothing asks to confirm", async () => {
    expect(await withNodes("closed", () => read((a) => a.status !== "closed"))).toEqual({
      node: "replica",
      status: "closed",
    });
    expect(nodes.asked).toEqual(["replica"]);
    expect(await withNodes("open", () => read())).toEqual({ node: "replica", status: "open" });
    expect(nodes.asked).toEqual(["replica"]);
  });
});

describe("recording writes without a replica", () => {
  it("answers the route's own response and runs no query", async () => {
    expect(process.env.DATABASE_REPLICA_URL).toBeUndefined();
    const res = new Response("ok", { status: 201 });
    const route = recordingRouteWrites(
      async () => res,
      () => ({ writes: true }),
    );
    // Without DATABASE_REPLICA_URL no client exists: a query would throw for the missing configuration.
    const out = await route(new Request("http://acme.localhost/api/x", { method: "POST" }), {});
    expect(out).toBe(res);
    expect(out.headers.get("set-cookie")).toBeNull();
  });
});
