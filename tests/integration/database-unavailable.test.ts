import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseFault, isDatabaseUnavailable, isUniqueViolation } from "@/lib/db/errors";
import { toProblem } from "@/lib/errors/problem";
import { log } from "@/lib/log/logger";
import { invalidInput } from "@/lib/errors/domain-error";
import { checkReadiness, expectedMigrations } from "@/lib/health/readiness";
import { startEmbeddedPostgres, type RunningPostgres } from "../../scripts/lib/embedded-postgres";
import { freePort } from "../../scripts/lib/free-port";
import { pgbouncerAvailable, startPgBouncer, type PgBouncer } from "../../scripts/cluster/pgbouncer";

// The one classification of "the database is not there" (lib/db/errors.ts), fed the errors Prisma
// and node-postgres really throw: against a closed port, a server shut down or killed under a
// query, a full pool and PgBouncer in front of a dead server. Each must be classified as an outage
// (503 with Retry-After), and the errors of a wrong query, or of a wrong password or database
// behind PgBouncer (a misconfiguration, not an outage), must not.

// toProblem warns of each outage's cause; the classification, not the log, is tested here.
beforeAll(() => {
  vi.spyOn(log, "warn").mockImplementation(() => undefined);
});

/** What `work` rejected with (fails the test if it resolved). */
async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (err) {
    return err;
  }
  throw new Error("expected the database call to fail");
}

const prismaAt = (url: string, options: { max?: number; connectionTimeoutMillis?: number } = {}) =>
  new PrismaClient({
    adapter: new PrismaPg(
      {
        connectionString: url,
        max: options.max ?? 2,
        connectionTimeoutMillis: options.connectionTimeoutMillis ?? 2_000,
      },
      // As lib/db/client.ts does: an idle connection's death must not end the process.
      { onPoolError: () => undefined, onConnectionError: () => undefined },
    ),
  });

/** A folder of its own; initdb runs as the postgres user when the tests run as root. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectOutage(err: unknown): void {
  expect(isDatabaseUnavailable(err)).toBe(true);
  const { problem, headers, expected } = toProblem(err, "req-1");
  expect(problem).toMatchObject({ status: 503, code: "database_unavailable" });
  expect(Number(headers["Retry-After"])).toBeGreaterThan(0);
  expect(expected).toBe(true);
}

describe("a closed port", () => {
  let closed: number;
  beforeAll(async () => {
    closed = await freePort();
  });

  it("Prisma raw, model and transaction calls fail as unavailable", async () => {
    const prisma = prismaAt(`postgresql://nobody:x@127.0.0.1:${closed}/pulsewell`);
    expectOutage(await rejection(prisma.$queryRaw`SELECT 1`));
    expectOutage(await rejection(prisma.user.findMany()));
    expectOutage(await rejection(prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`)));
    await prisma.$disconnect();
  });

  it("node-postgres fails as unavailable (ECONNREFUSED)", async () => {
    const client = new pg.Client({ connectionString: `postgresql://nobody:x@127.0.0.1:${closed}/pulsewell` });
    const err = await rejection(client.connect());
    expect(err).toMatchObject({ code: "ECONNREFUSED" });
    expectOutage(err);
  });
});

describe("a server that stops or dies", () => {
  let dir: string;
  let server: RunningPostgres;
  let port: number;
  const start = async (restart = false) => {
    server = await startEmbeddedPostgres({ dir, port, persistent: true, quiet: true, restart });
    return server;
  };

  beforeAll(async () => {
    dir = tempDir("pw-b-errors-");
    port = await freePort();
    await start();
  }, 60_000);

  afterAll(async () => {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a fast shutdown under a query, then the closed server, then the same client after a restart", async () => {
    const prisma = prismaAt(server.adminUrl("postgres"));
    await prisma.$queryRaw`SELECT 1`;
    const running = rejection(prisma.$queryRaw`SELECT pg_sleep(5)`);
    await sleep(300);
    await server.stop();
    const shutdown = await running;
    expect(JSON.stringify((shutdown as { meta?: unknown }).meta)).toContain("57P01");
    expectOutage(shutdown);
    expectOutage(await rejection(prisma.$queryRaw`SELECT 1`));
    await start(true);
    // The pool dropped the dead connections and opens new ones: no restart of the client.
    expect(await prisma.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await prisma.$disconnect();
  }, 60_000);

  it("kill -9 under a query and a transaction, then the same client after a restart", async () => {
    const prisma = prismaAt(server.adminUrl("postgres"));
    await prisma.$queryRaw`SELECT 1`;
    const query = rejection(prisma.$queryRaw`SELECT pg_sleep(5)`);
    const transaction = rejection(
      prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        await sleep(1_000);
        await tx.$queryRaw`SELECT 2`;
      }),
    );
    await sleep(300);
    process.kill(server.pid!, "SIGKILL");
    const [inQuery, inTransaction] = await Promise.all([query, transaction]);
    expect(String((inQuery as Error).message)).toMatch(/terminat|closed|not queryable/i);
    expectOutage(inQuery);
    expectOutage(inTransaction);
    expectOutage(await rejection(prisma.$queryRaw`SELECT 1`));
    // PostgreSQL's own check of the dead server's shared memory may refuse for a moment.
    for (let attempt = 0; ; attempt++) {
      try {
        await start(true);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await sleep(250);
      }
    }
    expect(await prisma.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await prisma.$disconnect();
  }, 60_000);

  it("a pool with no free connection in time", async () => {
    const prisma = prismaAt(server.adminUrl("postgres"), { max: 1, connectionTimeoutMillis: 300 });
    const hold = prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_sleep(1.5)`;
      },
      { timeout: 10_000 },
    );
    await sleep(200);
    expectOutage(await rejection(prisma.$queryRaw`SELECT 1`));
    expectOutage(await rejection(prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 300 })));
    await hold;
    await prisma.$disconnect();
  }, 30_000);

  it("errors of a wrong query are not an outage", async () => {
    const prisma = prismaAt(server.adminUrl("postgres"));
    const syntax = await rejection(prisma.$queryRawUnsafe("SELEC 1"));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(toProblem(syntax, "req-1").problem.status).toBe(500);
    const unsupported = await rejection(prisma.$queryRaw`SELECT pg_sleep(0)`);
    expect(isDatabaseUnavailable(unsupported)).toBe(false);
    await prisma.$executeRawUnsafe("CREATE TEMP TABLE once (id int PRIMARY KEY)");
    const duplicate = await rejection(prisma.$executeRawUnsafe("INSERT INTO once VALUES (1), (1)"));
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(invalidInput("Invalid request body"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    // A value quoting a driver's words, in a query error and in Prisma's validation error (which
    // prints the arguments): the message contains them, neither is an outage.
    const words = "connection terminated unexpectedly";
    const cast = await rejection(prisma.$queryRaw`SELECT ${words}::int`);
    expect(String((cast as Error).message)).toContain(words);
    expect(isDatabaseUnavailable(cast)).toBe(false);
    expect(toProblem(cast, "req-1").problem.status).toBe(500);
    const invalid = await rejection(
      // @ts-expect-error: a create without the required fields, as a bad caller would send it
      prisma.user.create({ data: { email: "a@example.com", firstName: words } }),
    );
    expect((invalid as Error).name).toBe("PrismaClientValidationError");
    expect(String((invalid as Error).message)).toContain(words);
    expect(isDatabaseUnavailable(invalid)).toBe(false);
    await prisma.$disconnect();
  });
});

describe.skipIf(!pgbouncerAvailable())("PgBouncer in front of a server that is down", () => {
  let dir: string;
  let server: RunningPostgres;
  let bouncer: PgBouncer;
  let url: string;

  beforeAll(async () => {
    dir = tempDir("pw-b-bouncer-");
    server = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort(), quiet: true });
    const admin = new URL(server.adminUrl("postgres"));
    const password = decodeURIComponent(admin.password);
    bouncer = await startPgBouncer({
      dir: path.join(dir, "bouncer"),
      port: await freePort(),
      target: { host: "127.0.0.1", port: server.port },
      databases: ["postgres"],
      users: { postgres: password },
      settings: { max_client_conn: "2", default_pool_size: "1", query_wait_timeout: "1", server_connect_timeout: "1" },
    });
    url = bouncer.url("postgres", "postgres", password);
  }, 60_000);

  afterAll(async () => {
    await bouncer?.stop().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("kill -9 of the server under a query, the server down, and no more client connections", async () => {
    const prisma = prismaAt(url, { max: 1 });
    await prisma.$queryRaw`SELECT 1`;
    const running = rejection(prisma.$queryRaw`SELECT pg_sleep(5)`);
    await sleep(300);
    process.kill(server.pid!, "SIGKILL");
    const crashed = await running;
    expectOutage(crashed);
    const down = await rejection(prisma.$queryRaw`SELECT 1`);
    expectOutage(down);
    // PgBouncer's own words (SQLSTATE 08P01), which Prisma carries in its message.
    expect((crashed as Error).message).toContain("server conn crashed");
    expect((down as Error).message).toMatch(/query_wait_timeout|cannot connect to server/);

    const held = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(held.map((c) => c.connect()));
    const third = new pg.Client({ connectionString: url });
    const refused = await rejection(third.connect());
    expect((refused as Error).message).toMatch(/no more connections allowed/);
    expectOutage(refused);
    await Promise.all(held.map((c) => c.end()));
    await prisma.$disconnect();
  }, 60_000);

  it("a wrong password, database or user is a misconfiguration (08P01 too), never an outage", async () => {
    const admin = new URL(server.adminUrl("postgres"));
    const password = decodeURIComponent(admin.password);
    const cases = [
      { url: bouncer.url("postgres", "postgres", "wrong"), words: "sasl authentication failed" },
      { url: bouncer.url("nosuchdb", "postgres", password), words: "no such database: nosuchdb" },
      { url: bouncer.url("postgres", "ghost", "x"), words: "sasl authentication failed" },
    ];
    for (const { url: wrong, words } of cases) {
      const prisma = prismaAt(wrong);
      const errors = [
        await rejection(prisma.$queryRaw`SELECT 1`),
        await rejection(new pg.Client({ connectionString: wrong }).connect()),
      ];
      await prisma.$disconnect();
      for (const err of errors) {
        expect(JSON.stringify(err)).toContain("08P01");
        expect(databaseFault(err)).toEqual({ kind: "misconfigured", cause: `08P01 ${words}` });
        expect(isDatabaseUnavailable(err)).toBe(false);
        // A data route answers 500 and logs it as unexpected: someone must fix the configuration.
        expect(toProblem(err, "req-1")).toMatchObject({ problem: { status: 500 }, expected: false });
      }
    }
  }, 60_000);
});

describe("readiness", () => {
  it("is ready on a migrated database, which has every migration the build ships", async () => {
    const expected = await expectedMigrations();
    expect(expected.length).toBeGreaterThan(20);
    // The public answer says ready and nothing about the schema.
    expect(await checkReadiness()).toEqual({ status: "ready" });
  });
});
