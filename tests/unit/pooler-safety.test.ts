import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "../support/source-files";
import { checkFile, checkScript, checkSql, type Finding, type Rule } from "../support/pooler-safety";

// The application reaches PostgreSQL through PgBouncer in transaction mode: nothing may outlive a
// transaction on a server connection (see tests/support/pooler-safety.ts). The exceptions, each
// with the reason it never runs through the pooler:
const ALLOWED: { file: string; rule: Rule; why: string }[] = [
  {
    file: "scripts/db/migrate.ts",
    rule: "session advisory lock",
    why:
      "The migration runner connects as the owner directly to the primary (prepareDatabase takes the " +
      "owner's URL; the cluster and the deployment guide never give it the pooler's). It holds the lock " +
      "across every migration, each its own transaction, so that a second process starting at the " +
      "same time waits for all of them: a transaction-level lock would let it in between two.",
  },
];

const FILES = ["lib", "app", "scripts", "prisma"].flatMap((dir) => sourceFiles(dir, /\.(tsx?|mjs|sql)$/));

const rulesOf = (findings: Finding[]) => findings.map((f) => f.rule);

describe("no SQL that would leak through the transaction pooler", () => {
  const found = FILES.flatMap((file) =>
    checkFile(file, readFileSync(path.join(ROOT, file), "utf8")).map((f) => ({ file, ...f })),
  );

  it("covers the application's SQL", () => {
    // The scan reaches the files that matter: the migrations, the SQL functions, the code that
    // scopes each transaction to its organisation.
    expect(FILES.filter((f) => f.endsWith(".sql")).length).toBeGreaterThan(20);
    for (const f of ["lib/db/org-transaction.ts", "lib/db/replica.ts", "scripts/db/migrate.ts"])
      expect(FILES).toContain(f);
  });

  it("finds nothing outside the allow-list", () => {
    const refused = found.filter((f) => !ALLOWED.some((a) => a.file === f.file && a.rule === f.rule));
    expect(refused.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it("would refuse the organisation's scoping made session-wide", () => {
    const real = readFileSync(path.join(ROOT, "lib/db/org-transaction.ts"), "utf8");
    expect(checkFile("lib/db/org-transaction.ts", real)).toEqual([]);
    const leaky = real.replaceAll("${orgId}, true)", "${orgId}, false)");
    expect(leaky).not.toBe(real);
    expect(rulesOf(checkFile("lib/db/org-transaction.ts", leaky))).toEqual(["set_config not local"]);
  });

  it("has no allow-list entry that nothing needs any more", () => {
    for (const a of ALLOWED) {
      expect(
        found.some((f) => f.file === a.file && f.rule === a.rule),
        `${a.file} ${a.rule}`,
      ).toBe(true);
      expect(a.why.length).toBeGreaterThan(40);
    }
  });
});

describe("the checker", () => {
  it("refuses session-level settings", () => {
    expect(rulesOf(checkSql("SET search_path = public"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("set statement_timeout to 0"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("SET SESSION app.org_id = 'x'"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("SET ROLE pulsewell_app"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("SELECT 1; SET app.org_id = 'x'"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("DO $$ BEGIN SET app.org_id = 'x'; END $$"))).toEqual(["session SET"]);
    expect(rulesOf(checkSql("SELECT set_config('app.org_id', $1, false)"))).toEqual(["set_config not local"]);
    // A parameter or a missing argument cannot be shown to be local.
    expect(rulesOf(checkSql("SELECT set_config('app.org_id', $1, $2)"))).toEqual(["set_config not local"]);
    expect(rulesOf(checkSql("SELECT set_config('app.org_id', $1)"))).toEqual(["set_config not local"]);
    expect(rulesOf(checkSql("PERFORM set_config('app.org_id', v, FALSE);"))).toEqual(["set_config not local"]);
  });

  it("refuses session advisory locks, LISTEN, PREPARE, temporary tables and held cursors", () => {
    expect(rulesOf(checkSql("SELECT pg_advisory_lock(42)"))).toEqual(["session advisory lock"]);
    expect(rulesOf(checkSql("SELECT pg_try_advisory_lock_shared(1, 2)"))).toEqual(["session advisory lock"]);
    expect(rulesOf(checkSql("LISTEN pulse_events"))).toEqual(["LISTEN"]);
    expect(rulesOf(checkSql('PREPARE find_team (uuid) AS SELECT * FROM "Team" WHERE id = $1'))).toEqual(["PREPARE"]);
    expect(rulesOf(checkSql("CREATE TEMP TABLE scratch (id int)"))).toEqual(["temporary table"]);
    expect(rulesOf(checkSql("CREATE TEMPORARY TABLE scratch AS SELECT 1"))).toEqual(["temporary table"]);
    expect(rulesOf(checkSql("SELECT 1 INTO TEMP scratch"))).toEqual(["temporary table"]);
    expect(rulesOf(checkSql("DECLARE c CURSOR WITH HOLD FOR SELECT 1"))).toEqual(["cursor WITH HOLD"]);
  });

  it("allows what ends with the transaction, and SET clauses that are not statements", () => {
    for (const ok of [
      "SET LOCAL app.org_id = 'x'",
      "SET TRANSACTION READ ONLY",
      "SET CONSTRAINTS ALL DEFERRED",
      "SELECT set_config('app.org_id', $1, true), set_config('app.user_id', $2, TRUE)",
      "SELECT pg_advisory_xact_lock(hashtext($1))",
      "CREATE TEMP TABLE scratch (id int) ON COMMIT DROP",
      `UPDATE "Team" SET name = 'x' WHERE id = $1`,
      "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = excluded.a",
      "ALTER ROLE pulsewell_app SET statement_timeout = '30s'",
      "CREATE FUNCTION f() RETURNS int LANGUAGE sql STABLE SECURITY DEFINER\n  SET search_path = public, pg_temp\nAS $$ SELECT 1 $$;",
      "CREATE FUNCTION f() RETURNS int AS $fn$ SELECT 1 $fn$ LANGUAGE sql SET search_path = public;",
      "-- SET search_path = public\nSELECT 1",
      "/* LISTEN x; SELECT pg_advisory_lock(1) */ SELECT 1",
      "SELECT 'SET search_path = public; LISTEN x'",
      "SELECT pg_current_wal_lsn()",
    ]) {
      expect(checkSql(ok), ok).toEqual([]);
    }
  });

  it("checks the body of a function, and the statements after it", () => {
    const fn = `CREATE OR REPLACE FUNCTION leak() RETURNS void LANGUAGE plpgsql
  SET search_path = public
AS $$
BEGIN
  PERFORM set_config('app.org_id', '', false);
END
$$;
SET search_path = public;`;
    const found = checkSql(fn);
    expect(found.map((f) => [f.rule, f.line])).toEqual([
      ["set_config not local", 5],
      ["session SET", 8],
    ]);
  });

  it("reads the SQL of TypeScript, and only the SQL", () => {
    const src = [
      "const a = await tx.$executeRaw`SET search_path = ${schema}`;",
      "await client.query('select pg_advisory_lock($1)', [1]);",
      'await db.$queryRawUnsafe("set statement_timeout = 0");',
      "const b = Prisma.sql`SELECT set_config('app.org_id', ${orgId}, false)`;",
      'const c = "LISTEN jobs";',
      "await client.query({ name: 'find', text: 'SELECT 1' });",
      "await client.query('SET ' + name + ' = 1');",
      // Prose is never SQL: none of these counts.
      'const tip = "Listen without judgement, then prepare the next step.";',
      'const t2 = "Set two to four goals per quarter";',
      "const ok = await tx.$executeRaw`SELECT set_config('app.org_id', ${orgId}, true)`;",
      "await tx.$executeRaw`SET TRANSACTION READ ONLY`;",
    ].join("\n");
    expect(checkScript("x.ts", src).map((f) => [f.rule, f.line])).toEqual([
      ["session SET", 1],
      ["session advisory lock", 2],
      ["session SET", 3],
      ["set_config not local", 4],
      ["LISTEN", 5],
      ["named prepared statement", 6],
      ["session SET", 7],
    ]);
  });

  it("finds SQL kept in variables, lower-case, or put together with +", () => {
    // What a review slipped past the first version: each was no finding.
    const src = [
      "const q1 = \"select set_config('app.x', v, false)\";",
      "const q2 = \"set app.x = 'y'\";",
      'const q3 = "SE" + "T app.org_id = \'" + orgId + "\'";',
      "const q4 = { name: 'find-team', text: 'select 1', values: [] };",
      "const q5 = 'select pg_advisory_lock(1)';",
      "const q6 = `set statement_timeout to ${ms}`;",
      "const q7 = 'listen jobs';",
      "const q8 = 'prepare find_team (uuid) as select 1';",
      "const q9 = 'set session authorization pulsewell_app';",
      'const q10 = "select 1; set search_path to public";',
      "const q11 = `select set_config('app.x', ${v}, ${local})`;",
      "const q12 = 'set role pulsewell_app';",
      "const q13 = 'set_config(' + \"'app.x', v, false)\";",
    ].join("\n");
    expect(checkScript("x.ts", src).map((f) => [f.rule, f.line])).toEqual([
      ["set_config not local", 1],
      ["session SET", 2],
      ["session SET", 3],
      ["named prepared statement", 4],
      ["session advisory lock", 5],
      ["session SET", 6],
      ["LISTEN", 7],
      ["PREPARE", 8],
      ["session SET", 9],
      ["session SET", 10],
      ["set_config not local", 11],
      ["session SET", 12],
      ["set_config not local", 13],
    ]);
  });

  it("leaves prose and transaction-local SQL in variables alone", () => {
    for (const ok of [
      "const a = 'Set two to four goals per quarter';",
      "const b = 'Set DATABASE_URL to the owner URL of a migrated database.';",
      "const c = 'Listen without judgement';",
      "const d = 'Prepare the agenda as a team';",
      "const e = \"select set_config('app.x', v, true)\";",
      "const f = 'set local app.x = 1';",
      "const g = 'set transaction read only';",
      "const h = 'set constraints all deferred';",
      "const i = { file: f, name, text, statements };",
      "const j = 'Set ' + count + ' goals';",
      "const k = 'Set role permissions for managers';",
      "const l = 'select pg_advisory_xact_lock(1)';",
    ]) {
      expect(checkScript("x.ts", ok), ok).toEqual([]);
    }
  });

  it("parses TSX and plain JavaScript", () => {
    expect(rulesOf(checkScript("x.tsx", "export const C = () => <p>{`SET search_path = x`}</p>;"))).toEqual([
      "session SET",
    ]);
    expect(rulesOf(checkScript("x.mjs", "await pool.query(`SELECT pg_advisory_lock(1)`);"))).toEqual([
      "session advisory lock",
    ]);
  });
});
