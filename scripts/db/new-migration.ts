// `npm run db:new-migration -- <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with the SQL that takes the existing migrations to prisma/schema.prisma (what `prisma migrate dev
// --create-only` would write; the CLI cannot run offline). The diff is computed on a scratch
// database: on DATABASE_URL's server when it is set (its user needs CREATEDB), else on a throwaway
// embedded PostgreSQL started for the purpose, so the command works on a fresh checkout with
// nothing running. Review the file and add hand-written SQL, such as the row-level security policy
// of a new tenant table, before applying it.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_MIGRATIONS_DIR, diffSchemaAgainstMigrations, ensureLockfile } from "./migrate";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { freePort } from "../lib/free-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

/** YYYYMMDDHHMMSS in UTC, the prefix Prisma gives migration directories. */
function timestamp(d: Date): string {
  return d.toISOString().replace(/\D/g, "").slice(0, 14);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name))
    throw new Error("Usage: npm run db:new-migration -- <name>   (name: lower-case letters, digits, _)");
  const sql = await diffOnSomeServer();
  if (sql.trim() === "") {
    console.log("No schema changes: prisma/schema.prisma matches the migrations.");
    return;
  }
  // Migrations apply in name order, so a new one must sort after every existing one: it is stamped
  // now, or one second after the latest when that one carries a later stamp (a migration written
  // on a machine whose clock ran ahead has landed and cannot be renamed).
  const existing = (await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const dirName = `${timestamp(stampAfter(existing.at(-1), new Date()))}_${name}`;

  const dir = path.join(DEFAULT_MIGRATIONS_DIR, dirName);
  await mkdir(dir);
  await writeFile(path.join(dir, "migration.sql"), sql);
  await ensureLockfile();
  console.log(`Wrote ${path.relative(root, path.join(dir, "migration.sql"))}:\n\n${sql}`);
  if (/CREATE TABLE/i.test(sql))
    console.log(
      "New table(s): add their row-level security policies and grants to this migration (see 20261122000100_row_level_security).",
    );
}

/** `now`, or one second after the stamp of `latest` (a migration directory name) when that is not
 * earlier than now. */
function stampAfter(latest: string | undefined, now: Date): Date {
  const m = latest?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})_/);
  if (!m) return now;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  const after = Date.UTC(y, mo - 1, d, h, mi, se) + 1000;
  if (after <= now.getTime()) return now;
  console.log(`The latest migration ${latest} is stamped after now: this one is stamped one second after it.`);
  return new Date(after);
}

/** The schema's diff against the migrations, on DATABASE_URL's server or on a throwaway one. */
async function diffOnSomeServer(): Promise<string> {
  if (process.env.DATABASE_URL) return diffSchemaAgainstMigrations(process.env.DATABASE_URL);
  mkdirSync(path.join(root, ".data"), { recursive: true });
  const dir = mkdtempSync(path.join(root, ".data", "new-migration-"));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, quiet: true });
  try {
    return await diffSchemaAgainstMigrations(server.adminUrl("postgres"));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
