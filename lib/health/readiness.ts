import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/client";
import { databaseFault, logDatabaseFault, logThrottled } from "@/lib/db/errors";
import { DomainError } from "@/lib/errors/domain-error";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/errors/problem";

/** How long the readiness probe waits for the database: a load balancer probes every few seconds
 * and must hear "not ready" before its own timeout, not hang with the request. */
const READY_TIMEOUT_MS = 2_000;
/** How long a successful probe stands for the next ones: a flood of probes (many balancers, or
 * anyone on the internet) costs at most one query a second per process. Failures are not kept, so
 * an instance becomes ready as soon as the database answers again. */
export const READY_CACHE_MS = 1_000;
// A deploy that is ahead of its migrations is retried later than an outage: migrating takes a while.
const MIGRATIONS_RETRY_AFTER_SECONDS = 30;

const MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");

// The endpoint is public: it says whether, never why in detail (which migration, how many, which
// database or user); the reasons go to the server log.
const NOT_READY_DATABASE = "Not ready: the database is unreachable";
const NOT_READY_MIGRATIONS = "Not ready: the database schema is being updated";

type Readiness = { status: "ready" };
const READY: Readiness = { status: "ready" };

/** The migrations this build ships (prisma/migrations, one folder each). */
export async function expectedMigrations(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

const databaseUnavailable = () =>
  new DomainError("unavailable", "database_unavailable", NOT_READY_DATABASE, undefined, DATABASE_RETRY_AFTER_SECONDS);

const migrationsPending = () =>
  new DomainError("unavailable", "migrations_pending", NOT_READY_MIGRATIONS, undefined, MIGRATIONS_RETRY_AFTER_SECONDS);

class ProbeTimeout extends Error {
  constructor() {
    super(`The database did not answer within ${READY_TIMEOUT_MS} ms`);
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// Migrations are only ever added: once every one this build ships is applied, that stays true
// for the life of the process, and later probes only ask whether the database answers.
let migrationsCurrent = false;
let readyUntil = 0;
let probing: Promise<Readiness> | undefined;

async function probe(): Promise<Readiness> {
  const client = db();
  // Whatever keeps the database from answering (down, a full pooler, a wrong password), this
  // instance cannot serve data: not ready, never a 500. Each cause is logged at most once a minute
  // (an outage as a warning, a wrong password or database as an error), not at every probe.
  await withTimeout(client.$queryRaw`SELECT 1`, READY_TIMEOUT_MS).catch((err: unknown) => {
    const fault =
      err instanceof ProbeTimeout
        ? { kind: "outage" as const, cause: "readiness probe timed out" }
        : (databaseFault(err) ?? { kind: "misconfigured" as const, cause: "readiness query failed" });
    logDatabaseFault(fault, "ready", err);
    throw databaseUnavailable();
  });
  if (!migrationsCurrent) {
    const expected = await expectedMigrations();
    const rows = await withTimeout(
      client.$queryRaw<{ migration_name: string }[]>`
        SELECT migration_name FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      READY_TIMEOUT_MS,
    ).catch((err: unknown) => {
      if (err instanceof ProbeTimeout) {
        logDatabaseFault({ kind: "outage", cause: "readiness probe timed out" }, "ready", err);
        throw databaseUnavailable();
      }
      // Before the migration that lets the application role read the list, it cannot be read.
      logDatabaseFault({ kind: "misconfigured", cause: "applied migrations unreadable" }, "ready", err);
      throw migrationsPending();
    });
    const applied = new Set(rows.map((r) => r.migration_name));
    const pending = expected.filter((name) => !applied.has(name));
    if (pending.length) {
      // Expected while a deploy runs ahead of its migrations: a warning, with the names.
      logThrottled(`migrations:${pending[0]}`, "warn", "ready.migrations_pending", {
        pending: pending.length,
        expected: expected.length,
        first: pending[0],
      });
      throw migrationsPending();
    }
    migrationsCurrent = true;
  }
  return READY;
}

/**
 * Whether this instance can serve data: the database answers a trivial query within
 * READY_TIMEOUT_MS through the app's own pool (so a full or broken pool shows too), and every
 * migration of this build is recorded as finished in the database (as the migration runner records
 * them). Throws a 503 DomainError (with Retry-After) otherwise. Probes that arrive together share
 * one query, and a success stands for READY_CACHE_MS.
 */
export async function checkReadiness(now: () => number = Date.now): Promise<Readiness> {
  if (now() < readyUntil) return READY;
  probing ??= probe()
    .then((ready) => {
      readyUntil = now() + READY_CACHE_MS;
      return ready;
    })
    .finally(() => {
      probing = undefined;
    });
  return probing;
}
