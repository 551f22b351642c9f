// prisma/schema.prisma and prisma/migrations must describe the same database: a model change
// without its migration (or the reverse) fails here, with the SQL of the missing migration.
// Also guards the offline migration tooling itself (idempotence, dollar-quoted SQL).
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { applyMigrations, diffSchemaAgainstMigrations } from "../../scripts/db/migrate";
import { urlForDatabase } from "../../scripts/db/schema-engine";

// A superuser URL of the test server (tests/support/global-setup.ts).
const adminUrl = (): string => inject("adminUrl");

describe("database schema", () => {
  it("prisma/schema.prisma matches prisma/migrations", { timeout: 60_000 }, async () => {
    const missing = await diffSchemaAgainstMigrations(adminUrl());
    expect(
      missing.trim(),
      `schema.prisma and the migrations disagree; run \`npm run db:new-migration -- <name>\`. Missing SQL:\n${missing}`,
    ).toBe("");
  });

  it("applies migrations once, keeping dollar-quoted blocks whole", { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    const db = `migrate_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await mkdir(path.join(dir, "20260101000000_plpgsql"));
      await writeFile(
        path.join(dir, "20260101000000_plpgsql", "migration.sql"),
        `CREATE TABLE t (v text);
DO $$ BEGIN INSERT INTO t VALUES ('a;b'); END $$;
CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $fn$ BEGIN RETURN 'c;d'; END; $fn$;
INSERT INTO t SELECT f();\n`,
      );
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(db)}`);
      const url = urlForDatabase(adminUrl(), db);
      expect(await applyMigrations(url, dir)).toEqual(["20260101000000_plpgsql"]);
      expect(await applyMigrations(url, dir)).toEqual([]);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        expect((await check.query("SELECT v FROM t ORDER BY v")).rows.map((r: { v: string }) => r.v)).toEqual([
          "a;b",
          "c;d",
        ]);
        const { rows } = await check.query(
          "SELECT migration_name, finished_at, applied_steps_count FROM _prisma_migrations",
        );
        expect(rows).toMatchObject([{ migration_name: "20260101000000_plpgsql", applied_steps_count: 1 }]);
        expect(rows[0].finished_at).toBeInstanceOf(Date);
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(db)} WITH (FORCE)`);
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
