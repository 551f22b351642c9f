// Read-your-writes across instances: report reads may come from the streaming replica, but what a
// person just wrote is read back whichever instance answers. Through the whole topology (nginx,
// two instances, PgBouncer, primary and replica): a team created on one instance is in the team
// rankings (a replica-routed read) asked of the other instance with the same cookies, request after
// request, also while the replica's replay is paused.
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { describeWithPackages } from "./support/prerequisites";
import { cookiesFrom, request, type HttpResponse } from "./support/http";
import { startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { waitForReplay } from "../../scripts/cluster/postgres";
import { seedSurveyOrg } from "../../scripts/bench/surveys-seed";
import { hashPassword } from "@/lib/auth/password";
import { WATERMARK_COOKIE } from "@/lib/db/read-routing";

// Part D's ports (4400-4599).
const BASE_PORT = 4450;
const DIR = "/tmp/pw-d-ryw";
const PASSWORD = "ryw-Password-4450";

let c: Cluster;
let owner: pg.Client;
let host: string;
let orgId: string;

function send(port: number, opts: Omit<Parameters<typeof request>[0], "port" | "host">): Promise<HttpResponse> {
  const direct = port !== c.balancerPort;
  return request({
    ...opts,
    port,
    host,
    // What nginx adds, for a request sent to an instance directly.
    headers: { ...(direct ? { "x-forwarded-proto": "http" } : {}), ...(opts.headers ?? {}) },
  });
}

async function replicaSql(sql: string): Promise<void> {
  const r = new pg.Client({ connectionString: c.replica!.superuserUrl("pulsewell") });
  await r.connect();
  try {
    await r.query(sql);
  } finally {
    await r.end();
  }
}

/** A browser's cookie jar for one host: later Set-Cookie headers replace earlier ones. */
class Jar {
  private readonly values = new Map<string, string>();
  take(res: HttpResponse): void {
    for (const c of cookiesFrom(res)) this.values.set(c.slice(0, c.indexOf("=")), c);
  }
  header(without: string[] = []): string {
    return [...this.values]
      .filter(([k]) => !without.includes(k))
      .map(([, v]) => v)
      .join("; ");
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
}

async function signIn(port: number, email: string): Promise<Jar> {
  const jar = new Jar();
  const csrf = await send(port, { path: "/api/auth/csrf" });
  jar.take(csrf);
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const res = await send(port, {
    path: "/api/auth/callback/credentials",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, json: "true" }).toString(),
    cookie: jar.header(),
  });
  jar.take(res);
  if (!jar.has("next-auth.session-token")) throw new Error(`Sign-in failed: ${res.status} ${res.body.slice(0, 200)}`);
  return jar;
}

/** Creates a team on `writePort` and reads the rankings on `readPort` with the cookies the write
 * left; whether the new team is in them. */
async function writeThenRead(jar: Jar, writePort: number, readPort: number, name: string, useWatermark = true) {
  const created = await send(writePort, {
    path: "/api/teams",
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${host}` },
    body: JSON.stringify({ name }),
    cookie: jar.header(),
  });
  expect(created.status, created.body.slice(0, 300)).toBe(201);
  jar.take(created);
  expect(jar.has(WATERMARK_COOKIE)).toBe(true);
  const read = await send(readPort, {
    path: `/api/team-rankings/${orgId}`,
    cookie: jar.header(useWatermark ? [] : [WATERMARK_COOKIE]),
  });
  expect(read.status, read.body.slice(0, 300)).toBe(200);
  return read.body.includes(JSON.stringify(name));
}

describeWithPackages("read-your-writes across instances, with a streaming replica", () => {
  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    c = await startCluster({ dir: DIR, basePort: BASE_PORT, instances: 2, workers: 0, replica: true });
    owner = new pg.Client({ connectionString: c.ownerUrl });
    await owner.connect();
    orgId = randomUUID();
    const subdomain = `ryw${randomBytes(3).toString("hex")}`;
    await seedSurveyOrg(owner, orgId, subdomain, { employees: 12, teams: 2, rounds: 1 });
    await owner.query(
      `UPDATE "User" SET "passwordHash" = $2, "passwordSetAt" = now() WHERE "organizationId" = $1 AND role = 'admin'`,
      [orgId, await hashPassword(PASSWORD)],
    );
    host = `${subdomain}.${c.rootDomain}`;
    await waitForReplay(c.primary, c.replica!);
  });

  afterAll(async () => {
    await owner?.end().catch(() => undefined);
    await c?.stop();
    rmSync(DIR, { recursive: true, force: true });
  });

  it("reads a write made on one instance from the other and through the balancer, every time", async () => {
    const [one, two] = [c.instances[0]!.port, c.instances[1]!.port];
    const jar = await signIn(one, "admin@bench.example");
    const missed: string[] = [];
    for (let i = 0; i < 30; i++) {
      // Instance 1 then 2, 2 then 1, and through the balancer (round robin over both).
      const [w, r] = i % 3 === 0 ? [one, two] : i % 3 === 1 ? [two, one] : [c.balancerPort, c.balancerPort];
      const name = `Live ${i}`;
      if (!(await writeThenRead(jar, w, r, name))) missed.push(name);
    }
    expect(missed).toEqual([]);
  });

  it("never misses while the replica's replay is paused, and the replica would have", async () => {
    const [one, two] = [c.instances[0]!.port, c.instances[1]!.port];
    const jar = await signIn(two, "admin@bench.example");
    // Both instances have a replica that is current: a write it has replayed a moment ago.
    await writeThenRead(jar, one, two, "Warm up");
    await waitForReplay(c.primary, c.replica!);
    await send(one, { path: `/api/team-rankings/${orgId}`, cookie: jar.header([WATERMARK_COOKIE]) });
    await send(two, { path: `/api/team-rankings/${orgId}`, cookie: jar.header([WATERMARK_COOKIE]) });
    await replicaSql("SELECT pg_wal_replay_pause()");
    try {
      // Without the watermark the other instance reads the paused replica and misses the write:
      // what the cookie is for, and proof that this test reads from the replica at all.
      expect(await writeThenRead(jar, one, two, "Paused control", false)).toBe(false);
      const missed: string[] = [];
      for (let i = 0; i < 20; i++) {
        const [w, r] = i % 3 === 0 ? [one, two] : i % 3 === 1 ? [two, one] : [c.balancerPort, c.balancerPort];
        const name = `Paused ${i}`;
        if (!(await writeThenRead(jar, w, r, name))) missed.push(name);
      }
      expect(missed).toEqual([]);
    } finally {
      await replicaSql("SELECT pg_wal_replay_resume()");
    }
    // Caught up, the replica has every one of them.
    await waitForReplay(c.primary, c.replica!);
    const r = new pg.Client({ connectionString: c.replica!.superuserUrl("pulsewell") });
    await r.connect();
    try {
      const rows = await r.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "Team" WHERE "organizationId" = $1 AND name LIKE 'Paused %'`,
        [orgId],
      );
      expect(rows.rows[0]!.n).toBe(21);
    } finally {
      await r.end();
    }
  });
});
