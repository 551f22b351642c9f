import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import pg from "pg";
import { z } from "zod";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { DeclaredRoute } from "@/lib/api/route";
import { freePort } from "../../scripts/lib/free-port";

// What a caller sees when the database cannot be reached: a route answers 503 with Retry-After and
// a problem document, a form's action fails with the same code, and the outage is logged as a
// warning at most once a minute per cause (it is an outage, not a bug, but must show in the logs).
// The errors are real: connections to a closed port. /api/ready says whether, never why.

// The readiness probe's database, replaced per test: `$queryRaw` answers as the test says.
const probe = vi.hoisted(() => ({ answer: vi.fn<(sql: string) => Promise<unknown>>() }));
vi.mock("@/lib/db/client", () => ({
  db: () => ({
    $queryRaw: (strings: TemplateStringsArray) => probe.answer(strings.join("?")),
  }),
}));

/** Fresh modules, so the readiness cache and the log throttle start empty. */
async function fresh() {
  vi.resetModules();
  const { apiRoute } = await import("@/lib/api/route");
  const { formAction } = await import("@/lib/actions/action");
  const { log } = await import("@/lib/log/logger");
  const readiness = await import("@/lib/health/readiness");
  const { GET: ready } = await import("@/app/api/ready/route");
  const errors = await import("@/lib/db/errors");
  const spies = { warn: vi.spyOn(log, "warn"), error: vi.spyOn(log, "error") };
  spies.warn.mockImplementation(() => undefined);
  spies.error.mockImplementation(() => undefined);
  return { apiRoute, formAction, readiness, ready, errors, spies };
}

const call = (GET: DeclaredRoute, path: string) =>
  GET(new NextRequest(`http://localhost:3000${path}`), { params: Promise.resolve({}) });

async function refusedErrors(): Promise<unknown[]> {
  const url = `postgresql://nobody:x@127.0.0.1:${await freePort()}/pulsewell`;
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, connectionTimeoutMillis: 2_000 }) });
  const errors: unknown[] = [];
  await prisma.user.findMany().catch((e: unknown) => errors.push(e));
  await new pg.Client({ connectionString: url }).connect().catch((e: unknown) => errors.push(e));
  await prisma.$disconnect();
  expect(errors).toHaveLength(2);
  return errors;
}

let clock = Date.parse("2026-01-01T00:00:00Z");
beforeEach(() => {
  vi.spyOn(Date, "now").mockImplementation(() => clock);
});
afterEach(() => {
  vi.restoreAllMocks();
  probe.answer.mockReset();
});

describe("a database that cannot be reached", () => {
  it("makes a route answer 503 with Retry-After and a database_unavailable problem, warned once a minute", async () => {
    const { apiRoute, spies } = await fresh();
    const errors = await refusedErrors();
    for (let round = 0; round < 3; round++) {
      for (const err of errors) {
        const GET = apiRoute({ auth: "public" }, async () => {
          throw err;
        });
        const res = await call(GET, "/api/anything");
        expect(res.status).toBe(503);
        expect(res.headers.get("Retry-After")).toBe("5");
        expect(res.headers.get("Content-Type")).toBe("application/problem+json");
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toMatchObject({
          status: 503,
          title: "Service Unavailable",
          code: "database_unavailable",
          type: "urn:pulsewell:problem:database_unavailable",
        });
        // The connection may have died after a COMMIT: no promise that nothing changed.
        expect(String(body.detail)).toMatch(/check whether it was saved before trying again/);
        expect(String(body.detail)).not.toMatch(/nothing was changed/i);
        // Nothing of the driver's message reaches the client.
        expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|reach database/);
      }
    }
    expect(spies.error).not.toHaveBeenCalled();
    // Six outages of two causes: one warning per cause, naming it.
    expect(spies.warn).toHaveBeenCalledTimes(2);
    const causes = spies.warn.mock.calls.map(([msg, fields]) => [msg, fields?.cause]);
    expect(causes.map(([msg]) => msg)).toEqual(["database.unavailable", "database.unavailable"]);
    expect(new Set(causes.map(([, cause]) => cause)).size).toBe(2);

    // A minute later the same cause is logged again, with how many were left out.
    clock += 60_000;
    const GET = apiRoute({ auth: "public" }, async () => {
      throw errors[1];
    });
    expect((await call(GET, "/api/anything")).status).toBe(503);
    expect(spies.warn).toHaveBeenCalledTimes(3);
    expect(spies.warn.mock.calls[2]?.[1]).toMatchObject({ cause: "ECONNREFUSED", suppressedSinceLast: 2 });
  });

  it("makes a form action fail with database_unavailable and the honest message", async () => {
    const { formAction } = await fresh();
    for (const err of await refusedErrors()) {
      const action = formAction({ auth: "public", input: z.object({}) }, async () => {
        throw err;
      });
      const state = await action({ status: "idle" }, new FormData());
      expect(state).toMatchObject({ status: "error", code: "database_unavailable" });
      expect(state.message).toBe(
        "We couldn't reach the database. If you were saving something, check whether it was saved before trying again.",
      );
    }
  });
});

// The shapes node-postgres and Prisma's adapter give PgBouncer's answers (SQLSTATE 08P01 for all).
const bouncerError = (message: string) =>
  Object.assign(new Error(message), { name: "error", code: "08P01", severity: "FATAL" });
const prismaWrapped = (message: string, code = "08P01") =>
  Object.assign(new Error(`Raw query failed. Code: \`${code}\`. Message: \`${message}\``), {
    name: "PrismaClientKnownRequestError",
    code: "P2010",
    meta: {
      driverAdapterError: Object.assign(new Error(message), {
        name: "DriverAdapterError",
        cause: { originalCode: code, originalMessage: message, kind: "postgres", code, severity: "FATAL", message },
      }),
    },
  });

describe("PgBouncer's 08P01", () => {
  it("is an outage only in its temporary words; a wrong password, database or user is configuration", async () => {
    const { errors } = await fresh();
    for (const words of [
      "server conn crashed?",
      "query_wait_timeout",
      "client_login_timeout (server down)",
      "pgbouncer cannot connect to server",
      "no more connections allowed (max_client_conn)",
      "server login has been failing, try again later (server_login_retry)",
    ]) {
      for (const err of [bouncerError(words), prismaWrapped(words)]) {
        expect(errors.isDatabaseUnavailable(err), words).toBe(true);
        expect(errors.databaseFault(err)?.kind).toBe("outage");
      }
    }
    for (const words of ["SASL authentication failed", "no such database: pulsewel", "no such user: ghost"]) {
      for (const err of [bouncerError(words), prismaWrapped(words)]) {
        expect(errors.isDatabaseUnavailable(err), words).toBe(false);
        expect(errors.databaseFault(err)).toEqual({ kind: "misconfigured", cause: `08P01 ${words.toLowerCase()}` });
      }
    }
  });

  it("a wrong password makes /api/ready 503 and is logged as an error once a minute, with the cause", async () => {
    const { ready, spies } = await fresh();
    probe.answer.mockRejectedValue(prismaWrapped("SASL authentication failed"));
    for (let i = 0; i < 5; i++) {
      const res = await call(ready, "/api/ready");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: "database_unavailable",
        detail: "Not ready: the database is unreachable",
      });
    }
    expect(probe.answer).toHaveBeenCalledTimes(5);
    expect(spies.error).toHaveBeenCalledTimes(1);
    expect(spies.error.mock.calls[0]?.[0]).toBe("database.misconfigured");
    expect(spies.error.mock.calls[0]?.[1]).toMatchObject({ where: "ready", cause: "08P01 sasl authentication failed" });
    clock += 61_000;
    await call(ready, "/api/ready");
    expect(spies.error).toHaveBeenCalledTimes(2);
    expect(spies.error.mock.calls[1]?.[1]).toMatchObject({ suppressedSinceLast: 4 });
  });
});

describe("words are read only from driver errors", () => {
  it("a user's value quoting a driver message is not an outage", async () => {
    const { errors, apiRoute } = await fresh();
    const quoted = "Connection terminated unexpectedly";
    const notOutages = [
      // Prisma's validation error prints the arguments it was given.
      Object.assign(new Error(`Invalid \`prisma.team.create()\` invocation:\n  name: "${quoted}"\nArgument missing.`), {
        name: "PrismaClientValidationError",
      }),
      // A query error whose message quotes the value, wrapped by Prisma (22P02: invalid input).
      prismaWrapped(`invalid input syntax for type integer: "${quoted}"`, "22P02"),
      // The application's own words around a value.
      new Error(`Team "${quoted}" already exists`),
      // An expired interactive transaction is the caller's fault, though Prisma gives it P2028 too.
      Object.assign(new Error("Transaction API error: A query cannot be executed on an expired transaction."), {
        name: "PrismaClientKnownRequestError",
        code: "P2028",
      }),
    ];
    for (const err of notOutages) {
      expect(errors.isDatabaseUnavailable(err), String(err)).toBe(false);
      const GET = apiRoute({ auth: "public" }, async () => {
        throw err;
      });
      expect((await call(GET, "/api/anything")).status).toBe(500);
    }
    // The driver's own plain errors and Prisma's wording for no connection in time still are.
    expect(errors.isDatabaseUnavailable(new Error(quoted))).toBe(true);
    expect(errors.isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      errors.isDatabaseUnavailable(
        Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
          name: "PrismaClientKnownRequestError",
          code: "P2028",
        }),
      ),
    ).toBe(true);
  });
});

describe("/api/ready", () => {
  const migrated = async (expectedMigrations: () => Promise<string[]>) => {
    const names = await expectedMigrations();
    probe.answer.mockImplementation(async (sql) =>
      sql.includes("_prisma_migrations") ? names.map((migration_name) => ({ migration_name })) : [{ "?column?": 1 }],
    );
    return names;
  };

  it("answers only { status: ready }, and a flood of probes costs one query a second", async () => {
    const { ready, readiness } = await fresh();
    await migrated(readiness.expectedMigrations);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(ready, "/api/ready")));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ready" });
    }
    // One SELECT 1 and the one read of the applied migrations, for fifty probes arriving together.
    expect(probe.answer).toHaveBeenCalledTimes(2);
    clock += 500;
    await Promise.all(Array.from({ length: 50 }, () => call(ready, "/api/ready")));
    expect(probe.answer).toHaveBeenCalledTimes(2);
    clock += readiness.READY_CACHE_MS;
    await Promise.all(Array.from({ length: 50 }, () => call(ready, "/api/ready")));
    // Only SELECT 1 again: the migrations, once current, stay current.
    expect(probe.answer).toHaveBeenCalledTimes(3);
  });

  it("names no migration to the public; the server log does", async () => {
    const { ready, readiness, spies } = await fresh();
    const names = await migrated(readiness.expectedMigrations);
    const last = names.at(-1)!;
    probe.answer.mockImplementation(async (sql) =>
      sql.includes("_prisma_migrations")
        ? names.slice(0, -1).map((migration_name) => ({ migration_name }))
        : [{ "?column?": 1 }],
    );
    const res = await call(ready, "/api/ready");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({
      code: "migrations_pending",
      detail: "Not ready: the database schema is being updated",
    });
    expect(body).not.toContain(last);
    expect(body).not.toMatch(/\d+ migration/);
    expect(spies.warn).toHaveBeenCalledWith(
      "ready.migrations_pending",
      expect.objectContaining({ first: last, pending: 1, expected: names.length }),
    );
    // A failure is not kept: the next probe asks again and is ready once the migration is applied.
    await migrated(readiness.expectedMigrations);
    expect((await call(ready, "/api/ready")).status).toBe(200);
  });

  it("an unreachable database: the generic detail, Retry-After 5, a warning", async () => {
    const { ready, spies } = await fresh();
    const [refused] = await refusedErrors();
    probe.answer.mockRejectedValue(refused);
    const res = await call(ready, "/api/ready");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ detail: "Not ready: the database is unreachable" });
    expect(body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|nobody/);
    expect(spies.warn).toHaveBeenCalledWith("database.unavailable", expect.objectContaining({ where: "ready" }));
  });
});
