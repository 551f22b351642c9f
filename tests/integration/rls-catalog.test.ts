import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";

// Walks the catalog: every tenant table must have RLS enabled and forced, a policy, and
// organizationId inside its primary key, its unique constraints and its foreign keys to other
// tenant tables. A new table that forgets any of it fails here.
const GLOBAL_TABLES = new Set(["_prisma_migrations"]);
// Tables that are no tenant's data (they may hold rows naming no organisation) and that the
// application role reaches only through SECURITY DEFINER functions: RLS forced, no policy for the
// role, no rights on the table at all (checked below).
const FUNCTION_ONLY_TABLES = new Set(["RateLimit"]);
// Product content shared by every organisation (the built-in leadership library): the application
// role may read every row and change none; only the owner (the start script's sync) writes.
const SHARED_READ_ONLY_TABLES = new Set(["BuiltinContent"]);
// Tables private to one person inside the organisation (Boss Bot, the personal vault): besides the
// organisation policy, a RESTRICTIVE policy (AND-ed with it) on the acting user.
const OWNER_ONLY_TABLES = new Set(["ChatConversation", "ChatMessage", "Vault", "VaultKeyWrap"]);
// 1:1 tables: the pair alone (a RESTRICTIVE policy on managerId/employeeId), see the 1:1 migration.
const PAIR_ONLY_TABLES = new Set([
  "MeetingSeries",
  "Meeting",
  "MeetingPrepForm",
  "MeetingAgendaItem",
  "MeetingActionItem",
  "MeetingPrivateNote",
  "MeetingSuggestionReview",
]);
const OWNER_CHECK = '("userId" = app_current_user())';
const PAIR_CHECK = '((app_current_user() = "managerId") OR (app_current_user() = "employeeId"))';
// The narrower second policy of two pair tables: a private note's author, a review's manager.
const SECOND_RESTRICTIVE: Record<string, string> = {
  MeetingPrivateNote: '("authorId" = app_current_user())',
  MeetingSuggestionReview: '("managerId" = app_current_user())',
};
/** The restrictive policies a table must have, exactly. */
function restrictiveChecks(table: string): string[] {
  if (OWNER_ONLY_TABLES.has(table)) return [OWNER_CHECK];
  if (PAIR_ONLY_TABLES.has(table))
    return [PAIR_CHECK, ...(SECOND_RESTRICTIVE[table] ? [SECOND_RESTRICTIVE[table]] : [])];
  return [];
}
const ROOT = "Organization";

const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
await owner.connect();
afterAll(() => owner.end());

type TableRow = { table: string; rls: boolean; forced: boolean; policies: number; hasOrgColumn: boolean };

const tables = (
  await owner.query<TableRow>(`
    SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
           (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organizationId' AND NOT a.attisdropped) AS "hasOrgColumn"
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`)
).rows.filter((t) => !GLOBAL_TABLES.has(t.table));
const functionOnly = tables.filter((t) => FUNCTION_ONLY_TABLES.has(t.table));
const sharedReadOnly = tables.filter((t) => SHARED_READ_ONLY_TABLES.has(t.table));
const tenantTables = tables.filter((t) => !FUNCTION_ONLY_TABLES.has(t.table) && !SHARED_READ_ONLY_TABLES.has(t.table));

type ConstraintRow = {
  table: string;
  name: string;
  type: "p" | "u" | "f";
  columns: string[];
  foreignTable: string | null;
};
const constraints = (
  await owner.query<ConstraintRow>(`
    SELECT c.relname AS table, k.conname AS name, k.contype AS type,
           array(SELECT a.attname FROM unnest(k.conkey) col JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = col)::text[] AS columns,
           f.relname AS "foreignTable"
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class f ON f.oid = k.confrelid
    WHERE n.nspname = 'public' AND k.contype IN ('p', 'u', 'f')`)
).rows;
// Unique indexes made by CREATE UNIQUE INDEX (Prisma's @@unique) are not constraints.
const uniqueIndexes = (
  await owner.query<{ table: string; name: string; columns: string[] }>(`
    SELECT t.relname AS table, i.relname AS name,
           array(SELECT a.attname FROM unnest(x.indkey) col JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = col)::text[] AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND x.indisunique AND NOT x.indisprimary`)
).rows;

// The one exception to "organizationId in every unique": BillingAccount is one row per
// organisation, an extension of Organization (a reference table under Citus, like the tenant
// root), so a Stripe customer or SetupIntent id can be unique across all organisations: the
// webhook maps a customer to exactly one organisation and a card setup makes exactly one workspace.
const GLOBAL_UNIQUES = new Set(["BillingAccount_setupIntentId_key", "BillingAccount_stripeCustomerId_key"]);

describe("tenant tables in the catalog", () => {
  it("finds the tenant tables", () => {
    expect(tables.map((t) => t.table)).toEqual(
      expect.arrayContaining([ROOT, "User", "Team", "Session", "Notification"]),
    );
  });

  it.each(tables.map((t) => [t.table, t]))("%s has RLS enabled, forced, and a policy", (_name, t) => {
    expect(t.rls).toBe(true);
    expect(t.forced).toBe(true);
    expect(t.policies).toBeGreaterThan(0);
  });

  it.each(tenantTables.filter((t) => t.table !== ROOT).map((t) => [t.table, t]))(
    "%s keeps organizationId in its keys",
    (name, t) => {
      expect(t.hasOrgColumn).toBe(true);
      const own = constraints.filter((c) => c.table === name);
      const pk = own.find((c) => c.type === "p");
      expect(pk?.columns).toContain("organizationId");
      for (const u of [...own.filter((c) => c.type === "u"), ...uniqueIndexes.filter((i) => i.table === name)].filter(
        (u) => !GLOBAL_UNIQUES.has(u.name),
      )) {
        expect(u.columns, `unique ${u.name}`).toContain("organizationId");
      }
      for (const fk of own.filter((c) => c.type === "f" && c.foreignTable !== ROOT)) {
        expect(fk.columns, `foreign key ${fk.name}`).toContain("organizationId");
      }
    },
  );

  it("gives the application role only policies that compare the row's organisation with the one set", async () => {
    // Permissive policies are OR-ed: one USING (true) for the app role would undo every other, so
    // each policy the role is subject to must be exactly the organisation check, for reading and
    // for writing.
    const policies = (
      await owner.query<{
        table: string;
        name: string;
        roles: string[];
        permissive: string;
        qual: string | null;
        check: string | null;
      }>(`
        SELECT tablename AS table, policyname AS name, roles::text[] AS roles, permissive, qual, with_check AS check
        FROM pg_policies WHERE schemaname = 'public'`)
    ).rows.filter((p) => p.roles.includes("public") || p.roles.includes("pulsewell_app"));
    for (const t of tenantTables) {
      const own = policies.filter((p) => p.table === t.table);
      expect(
        own.filter((p) => p.permissive === "PERMISSIVE").length,
        `${t.table} has a policy for the app role`,
      ).toBeGreaterThan(0);
      // pg_get_expr quotes only the identifiers that need it.
      const expected = t.table === ROOT ? "(id = app_current_org())" : '("organizationId" = app_current_org())';
      for (const p of own.filter((p) => p.permissive === "PERMISSIVE")) {
        expect(p.qual, `${t.table}.${p.name} USING`).toBe(expected);
        expect(p.check ?? p.qual, `${t.table}.${p.name} WITH CHECK`).toBe(expected);
      }
      // A restrictive policy only narrows (AND); the ones allowed are the owner check of private
      // tables and the pair (and author) checks of 1:1 tables, each the same for reading and writing.
      const restrictive = own.filter((p) => p.permissive === "RESTRICTIVE");
      for (const p of restrictive) expect(p.check ?? p.qual, `${t.table}.${p.name} WITH CHECK`).toBe(p.qual);
      expect(restrictive.map((p) => p.qual).sort(), `${t.table} restrictive policies`).toEqual(
        restrictiveChecks(t.table).sort(),
      );
    }
  });

  it.each(sharedReadOnly.map((t) => [t.table]))(
    "%s is readable by the application role and writable only by the owner",
    async (name) => {
      const { rows } = await owner.query<{ cmd: string; qual: string | null; read: boolean; write: boolean }>(
        `SELECT p.cmd, p.qual,
              has_table_privilege('pulsewell_app', format('%I', $1::text), 'SELECT') AS read,
              has_table_privilege('pulsewell_app', format('%I', $1::text), 'INSERT, UPDATE, DELETE, TRUNCATE') AS write
         FROM pg_policies p
        WHERE p.schemaname = 'public' AND p.tablename = $1 AND ('public' = ANY (p.roles::text[]) OR 'pulsewell_app' = ANY (p.roles::text[]))`,
        [name],
      );
      expect(rows).toEqual([{ cmd: "SELECT", qual: "true", read: true, write: false }]);
    },
  );

  it("finds the shared read-only tables", () => {
    expect(sharedReadOnly.map((t) => t.table).sort()).toEqual([...SHARED_READ_ONLY_TABLES].sort());
  });

  it("finds the function-only tables", () => {
    expect(functionOnly.map((t) => t.table).sort()).toEqual([...FUNCTION_ONLY_TABLES].sort());
  });

  it.each(functionOnly.map((t) => [t.table, t]))(
    "%s gives the application role no policy and no rights on the table",
    async (name) => {
      const { rows } = await owner.query<{ policies: number; rights: boolean }>(
        `SELECT (SELECT count(*)::int FROM pg_policies WHERE schemaname = 'public' AND tablename = $1
                 AND ('public' = ANY (roles::text[]) OR 'pulsewell_app' = ANY (roles::text[]))) AS policies,
              has_table_privilege('pulsewell_app', format('%I', $1::text), 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') AS rights`,
        [name],
      );
      expect(rows[0]).toEqual({ policies: 0, rights: false });
    },
  );

  it("lets the application role own nothing and bypass nothing", async () => {
    const role = await owner.query<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(`
      SELECT r.rolsuper, r.rolbypassrls,
             (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
      FROM pg_roles r WHERE r.rolname = 'pulsewell_app'`);
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });
});
