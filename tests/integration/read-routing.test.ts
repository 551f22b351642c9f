// Read routing on the embedded PostgreSQL, where no replica can run (tests/system/replica-routing.test.ts
// has a real one): a configured replica that cannot be reached costs nothing but its reads. Set before
// anything reads the configuration; port 1 refuses every connection.
process.env.DATABASE_REPLICA_URL = "postgresql://pulsewell_app:unused@127.0.0.1:1/pulsewell";

import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import * as replicaModule from "@/lib/db/replica";
import { withOrg } from "@/lib/db/tenant";
import { WATERMARK_COOKIE, parseLsn, readingAfter, recordingRouteWrites, withOrgReport } from "@/lib/db/read-routing";
import { forgetReplicaState, readCounts } from "@/lib/db/replica";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { createOrg, ctxFor } from "../support/factories";
import { db } from "@/lib/db/client";
import { surveyResults } from "@/lib/analytics/survey-results";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { closeSurvey } from "@/lib/surveys/round-lifecycle";

// A stand-in for a replica that is one step behind: while `behind` is set, the replica counts as
// current and a read "on the replica" is answered by this database as it is, after which
// `behind.catchUp()` makes the write the replica has not replayed yet (as the worker would).
const stale = vi.hoisted(() => ({ behind: null as null | { catchUp: () => Promise<void> } }));
vi.mock("@/lib/db/replica", async (importOriginal) => {
  const real = await importOriginal<typeof replicaModule>();
  return {
    ...real,
    replicaState: async (w: bigint | null, now?: number) =>
      stale.behind
        ? { reachable: true, replayed: 1n << 60n, streaming: true, lagSeconds: 0 }
        : real.replicaState(w, now),
    runInOrgReadOnly: async (...args: Parameters<typeof real.runInOrgReadOnly>) => {
      const [client, ...rest] = args;
      if (!stale.behind || client !== real.replicaDb()) return real.runInOrgReadOnly(client, ...rest);
      const out = await real.runInOrgReadOnly(db(), ...rest);
      await stale.behind.catchUp();
      return out;
    },
  };
});

describe("read routing with a replica that cannot be reached", () => {
  it("answers every report read from the primary, never an error", async () => {
    const { orgId } = await createOrg();
    const admin = await ctxFor(orgId, "admin");
    forgetReplicaState();
    const before = readCounts();
    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      const m = await readingAfter(null, () => dashboardMetrics(admin));
      expect(m.totalUsers).toBe(1);
    }
    expect(readCounts().primary - before.primary).toBe(5);
    expect(readCounts().replica).toBe(before.replica);
    // One refused connection, then the replica is left alone for a while: no read waits for it again.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a write inside a report read", async () => {
    const { orgId } = await createOrg();
    await expect(
      readingAfter(null, () =>
        withOrgReport(orgId, (tx) => tx.team.create({ data: { organizationId: orgId, name: "Sneaky" } })),
      ),
    ).rejects.toThrow(/read-only/);
    expect(await withOrg(orgId, (tx) => tx.team.count({ where: { organizationId: orgId } }))).toBe(0);
  });

  it("records the primary's WAL position after a write, and only after a successful one", async () => {
    const { orgId } = await createOrg();
    const write = (status: number) =>
      recordingRouteWrites(
        async () => {
          await withOrg(orgId, (tx) => tx.team.create({ data: { organizationId: orgId, name: `T${randomUUID()}` } }));
          return new Response(null, { status });
        },
        (method) => ({ writes: method === "POST" }),
      );
    const req = (method: string, proto = "https") =>
      new Request("http://acme.localhost/api/teams", { method, headers: { "x-forwarded-proto": proto } });

    const ok = await write(201)(req("POST"), {});
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(
      new RegExp(`^${WATERMARK_COOKIE}=[0-9A-F]+/[0-9A-F]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`),
    );
    const lsn = parseLsn(cookie.split(";")[0]!.split("=")[1]);
    expect(lsn).not.toBeNull();
    // Plain http: the cookie is not Secure, or the browser would drop it.
    expect((await write(201)(req("POST", "http"), {})).headers.get("set-cookie")).not.toMatch(/Secure/);
    // Later writes move the position forward.
    const next = parseLsn((await write(200)(req("POST"), {})).headers.get("set-cookie")!.split(";")[0]!.split("=")[1]);
    expect(next! > lsn!).toBe(true);
    // A refused write, or a method that does not write, records nothing.
    expect((await write(409)(req("POST"), {})).headers.get("set-cookie")).toBeNull();
    expect((await write(200)(req("GET"), {})).headers.get("set-cookie")).toBeNull();
  });
});

describe("results the worker released while the replica had not replayed it", () => {
  it("are read again on the primary when the replica still shows the survey open", async () => {
    const { orgId } = await createOrg();
    const admin = await ctxFor(orgId, "admin");
    const { surveyId } = await sendPulseNow(admin);
    const close = () =>
      withOrg(orgId, (tx) => closeSurvey(tx, orgId, surveyId, new Date(), { early: true })).then(() => undefined);
    stale.behind = { catchUp: close };
    try {
      const before = readCounts();
      const results = await readingAfter(null, () => surveyResults(admin, surveyId));
      // The replica's answer said open; the primary's, asked next, is the one given.
      expect(results.survey.status).toBe("closed");
      expect(results.released).toBe(true);
      expect(readCounts().replica - before.replica).toBe(1);
      expect(readCounts().primary - before.primary).toBe(1);
      // A closed survey read on the replica is not asked again.
      stale.behind = { catchUp: async () => undefined };
      const again = readCounts();
      expect((await readingAfter(null, () => surveyResults(admin, surveyId))).released).toBe(true);
      expect(readCounts().replica - again.replica).toBe(1);
      expect(readCounts().primary - again.primary).toBe(0);
    } finally {
      stale.behind = null;
    }
  });
});
