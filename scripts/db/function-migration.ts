// `npm run db:function-migration -- <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with every prisma/sql/<function>.sql whose definition differs from the newest migration's (or
// that no migration defines yet), copied as it is. The files are the readable source of the SQL
// functions; migrations are their history (prisma/sql/README.md). Needs no database.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { latestMigrationDefinitions, signatureOf, sqlFileDefinitions } from "./sql-functions";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const migrationsDir = path.join(root, "prisma/migrations");
const sqlDir = path.join(root, "prisma/sql");

/** YYYYMMDDHHMMSS in UTC, the prefix Prisma gives migration directories. */
const timestamp = (d: Date) => d.toISOString().replace(/\D/g, "").slice(0, 14);

function main(): void {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name))
    throw new Error("Usage: npm run db:function-migration -- <name>   (name: lower-case letters, digits, _)");

  const latest = latestMigrationDefinitions(migrationsDir);
  const changed = sqlFileDefinitions(sqlDir).filter(
    (f) => JSON.stringify(f.statements) !== JSON.stringify(latest.get(f.name)?.statements),
  );
  if (!changed.length) {
    console.log("Every prisma/sql file matches its newest migration: nothing to write.");
    return;
  }
  const bad = changed.filter((f) => f.strays.length || !f.statements.length);
  if (bad.length)
    throw new Error(
      `Fix these files first (one CREATE FUNCTION named like the file, and only statements about it): ${bad.map((f) => f.file).join(", ")}`,
    );

  const dirName = `${timestamp(new Date())}_${name}`;
  const last = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b))
    .at(-1);
  // Migrations apply in name order, so a new one must sort after every existing one.
  if (last && last.localeCompare(dirName) >= 0)
    throw new Error(`${dirName} would sort before the latest migration ${last}; check the clock.`);

  const parts = changed.map((f) => {
    const before = latest.get(f.name)?.statements[0];
    const resigned = before !== undefined && signatureOf(before) !== signatureOf(f.statements[0]!);
    if (resigned)
      console.warn(
        `${f.name}: its parameters or return type changed; add DROP FUNCTION ${f.name}(<old argument types>); before its CREATE.`,
      );
    return `-- From prisma/sql/${f.file} (npm run db:function-migration); edit that file, not this one.\n${resigned ? `-- The signature changed: write DROP FUNCTION ${f.name}(<old argument types>); here before applying.\n` : ""}${f.text.trimEnd()}\n`;
  });
  const dir = path.join(migrationsDir, dirName);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "migration.sql"), parts.join("\n"));
  console.log(
    `Wrote ${path.relative(root, path.join(dir, "migration.sql"))} with ${changed.map((f) => f.name).join(", ")}.`,
  );
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
