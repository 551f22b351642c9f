// A fingerprint of what the e2e server's database holds for some organisations, to prove that a
// batch of requests wrote nothing: per table, the number of rows and an md5 of all of them.
// It connects as the embedded PostgreSQL's superuser (read from the data folder as workspace.ts
// does), which row-level security does not filter, so every organisation's rows are visible and
// the snapshot chooses which to count.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** Tables left out, and why: each legitimately changes on requests that store nothing. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  RateLimit:
    "rate-limit counters (lib/api/rate-limit.ts): every request to a limited endpoint is counted before its input is read, by design, and the table holds no organisation's data",
};

/** Columns left out of a table's checksum, and why. */
export const EXCLUDED_COLUMNS: Readonly<Record<string, { columns: readonly string[]; why: string }>> = {
  Session: {
    columns: ["lastSeenAt"],
    why: "a signed-in request refreshes it (at most every 5 minutes, lib/auth/sessions.ts): a read, not a change",
  },
};

/** Schemas not looked at, and why. */
export const EXCLUDED_SCHEMAS: Readonly<Record<string, string>> = {
  pgboss:
    "pg-boss's job queue: the server's own minute ticks and sweeps, and other tests' jobs, come and go at any time",
};

let pool: pg.Pool | undefined;

function superuserPool(): pg.Pool {
  if (!pool) {
    const dir = path.resolve(E2E_DATA_DIR);
    const password = readFileSync(path.join(dir, "pg-superuser-password"), "utf8").trim();
    const port = Number(readFileSync(path.join(dir, "pg-port"), "utf8").trim());
    pool = new pg.Pool({ host: "127.0.0.1", port, user: "postgres", password, database: "pulsewell", max: 2 });
  }
  return pool;
}

/** Runs a query as the superuser (no row-level security). */
export async function superuserQuery<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await superuserPool().query<R>(sql, params)).rows;
}

type TableFingerprint = { rows: number; md5: string | null };
export type Snapshot = Record<string, TableFingerprint>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the public schema but the excluded ones: tenant tables (with "organizationId")
 * restricted to `orgIds`, Organization to its rows with those ids, any other table whole (other
 * tests running at the same time change only their own organisations' rows). One repeatable-read
 * transaction, so all tables are read at the same moment.
 */
export async function snapshot(orgIds: readonly string[]): Promise<Snapshot> {
  const client = await superuserPool().connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const cols = await client.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       ORDER BY c.table_name, c.ordinal_position`,
    );
    const tables = new Map<string, string[]>();
    for (const r of cols.rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
    const out: Snapshot = {};
    for (const [table, columns] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
      if (table in EXCLUDED_TABLES) continue;
      const skip = EXCLUDED_COLUMNS[table]?.columns ?? [];
      const kept = columns
        .filter((c) => !skip.includes(c))
        .map(ident)
        .join(", ");
      const where = columns.includes("organizationId")
        ? `WHERE "organizationId" = ANY($1::uuid[])`
        : table === "Organization"
          ? `WHERE "id" = ANY($1::uuid[])`
          : "";
      const params = where ? [orgIds] : [];
      const r = await client.query<{ rows: number; md5: string | null }>(
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM (SELECT ${kept} FROM ${ident(table)} ${where}) t`,
        params,
      );
      out[table] = r.rows[0]!;
    }
    await client.query("COMMIT");
    return out;
  } finally {
    client.release();
  }
}

/** The tables whose fingerprint differs, as readable lines (empty when nothing changed). */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]))
    .map(
      (t) =>
        `${t}: ${before[t]?.rows ?? "-"} -> ${after[t]?.rows ?? "-"} rows${before[t]?.md5 !== after[t]?.md5 ? ", contents changed" : ""}`,
    );
}
