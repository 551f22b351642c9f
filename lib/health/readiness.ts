import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { DomainError } from "@/lib/errors/domain-error";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/errors/problem";
import { log } from "@/lib/log/logger";

/** How long the readiness probe waits for the database: a load balancer probes every few seconds
 * and must hear "not ready" before its own timeout, not hang with the request. */
const READY_TIMEOUT_MS = 2_000;
// A deploy that is ahead of its migrations is retried later than an outage: migrating takes a while.
const MIGRATIONS_RETRY_AFTER_SECONDS = 30;

const MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");

type Readiness = {
  status: "ready";
  database: "ok";
  migrations: { expected: number; applied: number };
};

/** The migrations this build ships (prisma/migrations, one folder each). */
export async function expectedMigrations(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

const databaseUnavailable = () =>
  new DomainError(
    "unavailable",
    "database_unavailable",
    DATABASE_UNAVAILABLE_MESSAGE,
    undefined,
    DATABASE_RETRY_AFTER_SECONDS,
  );

const migrationsPending = (message: string) =>
  new DomainError("unavailable", "migrations_pending", message, undefined, MIGRATIONS_RETRY_AFTER_SECONDS);

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// Migrations are only ever added: once every one this build ships is applied, that stays true
// for the life of the process, and later probes only ask whether the database answers.
let migrationsCurrent: { expected: number; applied: number } | undefined;

/**
 * Whether this instance can serve data: the database answers a trivial query within
 * READY_TIMEOUT_MS through the app's own pool (so a full or broken pool shows too), and every
 * migration of this build is recorded as finished in the database (as the migration runner records
 * them). Throws a 503 DomainError (with Retry-After) otherwise; a database that is unreachable
 * fails as the data routes do (database_unavailable).
 */
export async function checkReadiness(): Promise<Readiness> {
  const client = db();
  // Whatever keeps the database from answering (down, a wrong password, a full pooler), this
  // instance cannot serve data: not ready, never a 500. An outage is not logged at every probe (the
  // pool logs the lost connections once); anything else, such as a wrong password, is.
  await withTimeout(client.$queryRaw`SELECT 1`, READY_TIMEOUT_MS).catch((err: unknown) => {
    if (!(err instanceof DomainError) && !isDatabaseUnavailable(err)) log.warn("ready.database", { err });
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
      if (err instanceof DomainError) throw err;
      // Before the migration that lets the application role read the list, it cannot be read.
      log.warn("ready.migrations", { err });
      throw migrationsPending(
        "The applied migrations could not be read. Run the migrations, then this instance becomes ready.",
      );
    });
    const applied = new Set(rows.map((r) => r.migration_name));
    const pending = expected.filter((name) => !applied.has(name));
    if (pending.length) {
      throw migrationsPending(
        `The database lacks ${pending.length} migration(s) this version needs (the first: ${pending[0]}). Run the migrations, then this instance becomes ready.`,
      );
    }
    migrationsCurrent = { expected: expected.length, applied: applied.size };
  }
  return { status: "ready", database: "ok", migrations: migrationsCurrent };
}
