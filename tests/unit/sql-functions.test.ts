import { describe, expect, it } from "vitest";
import path from "node:path";
import {
  functionDefinitions,
  latestMigrationDefinitions,
  signatureOf,
  splitStatements,
  sqlFileDefinitions,
} from "@/scripts/db/sql-functions";
import { READ_ONLY_STATUSES } from "@/lib/billing/status";

// Each SQL function's current definition lives in prisma/sql/<function>.sql (prisma/sql/README.md);
// the newest migration that defines the function must say exactly the same (whitespace and
// comments outside the body aside), so the readable file can never drift from what is applied.
const root = path.resolve(import.meta.dirname, "../..");
const migrations = latestMigrationDefinitions(path.join(root, "prisma/migrations"));
const files = sqlFileDefinitions(path.join(root, "prisma/sql"));

describe("prisma/sql holds every SQL function as the newest migration defines it", () => {
  it("finds the functions (the checks below are not vacuous)", () => {
    expect(migrations.has("app_submit_response")).toBe(true);
    expect(files.map((f) => f.name)).toContain("app_submit_response");
  });

  it("has one file for every function a migration defines, and none for a function no migration defines", () => {
    expect(files.map((f) => f.name).sort()).toEqual([...migrations.keys()].sort());
  });

  for (const f of files) {
    it(`${f.file} defines ${f.name} with its grants and nothing else`, () => {
      expect(f.statements[0], `${f.file} has no CREATE FUNCTION ${f.name}`).toMatch(/^CREATE OR REPLACE FUNCTION/);
      expect(f.strays, `statements in ${f.file} that are not about ${f.name}`).toEqual([]);
    });

    it(`${f.file} is what the newest migration defining ${f.name} says`, () => {
      const latest = migrations.get(f.name);
      expect(latest, `no migration defines ${f.name}`).toBeDefined();
      expect(
        f.statements,
        `prisma/migrations/${latest?.migration}/migration.sql differs from prisma/sql/${f.file}: run npm run db:function-migration -- <name>`,
      ).toEqual(latest?.statements);
    });
  }
});

describe("the SQL reader", () => {
  it("splits on semicolons outside quotes, dollar-quoted bodies and comments, and drops the comments outside bodies", () => {
    const sql = [
      "-- a comment; with a semicolon",
      "CREATE OR REPLACE FUNCTION f(a text) RETURNS text LANGUAGE plpgsql AS $body$",
      "BEGIN",
      "  -- kept: part of the body;",
      "  RETURN a || ';' || $$x;$$;",
      "END",
      "$body$;",
      "/* block; comment */ GRANT EXECUTE ON FUNCTION f(text) TO r;",
      `SELECT 'it''s; here', "odd;name" FROM t`,
    ].join("\n");
    const s = splitStatements(sql);
    expect(s).toHaveLength(3);
    expect(s[0]).toContain("-- kept: part of the body;");
    expect(s[0]).not.toContain("a comment");
    expect(s[1]).toBe("GRANT EXECUTE ON FUNCTION f(text) TO r");
    expect(s[2]).toBe(`SELECT 'it''s; here', "odd;name" FROM t`);
  });

  it("takes CREATE FUNCTION and CREATE OR REPLACE FUNCTION as the same definition, and leaves DROP out", () => {
    const a = functionDefinitions(
      "DROP FUNCTION f(int);\nCREATE FUNCTION f(x int)\n  RETURNS int LANGUAGE sql AS $$ SELECT x $$;\nREVOKE ALL ON FUNCTION f(int) FROM PUBLIC;",
    );
    const b = functionDefinitions(
      "CREATE OR REPLACE FUNCTION f(x int) RETURNS int LANGUAGE sql AS $$ SELECT x $$; REVOKE ALL ON FUNCTION f(int) FROM PUBLIC;",
    );
    expect(a.get("f")).toEqual(b.get("f"));
    expect(a.get("f")).toHaveLength(2);
  });

  it("sees a changed body, and a changed signature", () => {
    const a = functionDefinitions("CREATE FUNCTION f(x int) RETURNS int LANGUAGE sql AS $$ SELECT x $$;").get("f")!;
    const b = functionDefinitions("CREATE FUNCTION f(x int) RETURNS int LANGUAGE sql AS $$ SELECT x + 1 $$;").get("f")!;
    const c = functionDefinitions("CREATE FUNCTION f(x int, y int) RETURNS int LANGUAGE sql AS $$ SELECT x $$;").get(
      "f",
    )!;
    expect(a).not.toEqual(b);
    expect(signatureOf(a[0]!)).toBe(signatureOf(b[0]!));
    expect(signatureOf(a[0]!)).not.toBe(signatureOf(c[0]!));
  });
});

describe("SQL functions that leave read-only workspaces out", () => {
  // The job finders run as the owner across organisations, so they cannot call the app's
  // isReadOnlyStatus(); each spells the list, and must spell exactly READ_ONLY_STATUSES.
  const spelled = files
    .map((f) => ({
      file: f.file,
      list: /"subscriptionStatus"\s+(?:NOT\s+)?IN\s*\(([^)]*)\)/i.exec(f.statements[0] ?? ""),
    }))
    .filter((f): f is { file: string; list: RegExpExecArray } => f.list !== null);

  it("finds them (the check below is not vacuous)", () => {
    expect(spelled.map((f) => path.basename(f.file)).sort()).toEqual(
      expect.arrayContaining(["app_checkbacks_due.sql", "app_plan_nudges_due.sql"]),
    );
  });

  for (const f of spelled)
    it(`${path.basename(f.file)} names exactly the read-only statuses`, () => {
      const statuses = [...f.list[1]!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect(statuses.sort()).toEqual([...READ_ONLY_STATUSES].sort());
    });
});
