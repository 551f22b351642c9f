// Citus readiness, on paper: reads a migrated schema from the catalog, checks that every tenant
// table can be hash-distributed by "organizationId" in one co-location group, and prints the
// create_reference_table / create_distributed_table calls for a Citus cluster.
//
//   DATABASE_URL=<owner URL of a migrated database> npm run db:citus-plan            (prints the plan)
//   DATABASE_URL=<owner URL of a migrated database> npm run db:citus-plan -- --write (rewrites it in docs/operations/citus.md)
//
// tests/integration/citus-readiness.test.ts runs the same checks on the test database and fails
// when docs/operations/citus.md no longer matches the plan.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const DISTRIBUTION_COLUMN = "organizationId";

/** How each table that is not a tenant's own data is placed on a Citus cluster. Every table of the
 * schema without an "organizationId" column must be named here, and so must a table that has one
 * but cannot be split by it. */
export type Classification = {
  /** Replicated to every node: small, read with tenant data, unique across all organisations. */
  reference: Readonly<Record<string, string>>;
  /** Left as plain tables on the coordinator: never joined with tenant data, never referenced. */
  coordinator: Readonly<Record<string, string>>;
  /** The distributed table the others are co-located with. */
  anchor: string;
};

export const CLASSIFICATION: Classification = {
  reference: {
    Organization:
      "The tenant root, one row per customer. Its subdomain is unique across all organisations (the host name is resolved to an organisation before any tenant is known), which a table distributed by id could not enforce; every tenant table references it, and as a reference table it sits on every node beside each shard, so those foreign keys and joins stay local. It is written rarely (settings), so the replicated write costs little.",
    BillingAccount:
      "One row per organisation, an extension of Organization: the Stripe customer and SetupIntent ids are unique across all organisations (a webhook names a customer and must find exactly one organisation), which a table distributed by organizationId could not enforce.",
    BuiltinContent:
      "The built-in leadership library, the same for every organisation and read by every coach; written only by the start script.",
  },
  coordinator: {
    RateLimit:
      "Request counters of the public endpoints, keyed by client address, reached only through two SECURITY DEFINER functions and joined with nothing: replicating every hit to every node would buy nothing.",
    _prisma_migrations: "The migration runner's bookkeeping.",
  },
  anchor: "User",
};

type ConstraintType = "p" | "u" | "f" | "x";
export type CatalogTable = {
  name: string;
  /** format_type of "organizationId", null when the table has no such column. */
  orgColumnType: string | null;
  orgColumnNotNull: boolean;
  userTriggers: string[];
};
export type CatalogConstraint = {
  table: string;
  name: string;
  type: ConstraintType;
  columns: string[];
  foreignTable: string | null;
  foreignColumns: string[];
  /** pg_constraint's confupdtype / confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onUpdate: string | null;
  onDelete: string | null;
  definition: string;
};
export type CatalogIndex = { table: string; name: string; columns: string[] };
export type Catalog = {
  tables: CatalogTable[];
  constraints: CatalogConstraint[];
  /** Unique indexes that back no constraint (CREATE UNIQUE INDEX, Prisma's @@unique). */
  uniqueIndexes: CatalogIndex[];
};

/** Reads the tables, keys and unique indexes of one schema. */
export async function readCatalog(client: pg.Client, schema = "public"): Promise<Catalog> {
  const tables = await client.query<CatalogTable>(
    `SELECT c.relname AS name,
            (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = $2 AND NOT a.attisdropped) AS "orgColumnType",
            coalesce((SELECT a.attnotnull FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = $2 AND NOT a.attisdropped), false) AS "orgColumnNotNull",
            array(SELECT t.tgname FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal ORDER BY t.tgname)::text[] AS "userTriggers"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
    [schema, DISTRIBUTION_COLUMN],
  );
  // Column lists keep their order (WITH ORDINALITY): Citus pairs the distribution columns of a
  // foreign key by position.
  const constraints = await client.query<CatalogConstraint>(
    `SELECT c.relname AS table, k.conname AS name, k.contype AS type,
            array(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY AS u(attnum, i)
                   JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.i)::text[] AS columns,
            f.relname AS "foreignTable",
            array(SELECT a.attname FROM unnest(coalesce(k.confkey, '{}')) WITH ORDINALITY AS u(attnum, i)
                   JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum ORDER BY u.i)::text[] AS "foreignColumns",
            CASE WHEN k.contype = 'f' THEN k.confupdtype::text END AS "onUpdate",
            CASE WHEN k.contype = 'f' THEN k.confdeltype::text END AS "onDelete",
            pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_class f ON f.oid = k.confrelid
      WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'f', 'x')
      ORDER BY c.relname, k.conname`,
    [schema],
  );
  // An expression in an index has attnum 0: it is listed as "(expression)", never the column.
  const uniqueIndexes = await client.query<CatalogIndex>(
    `SELECT t.relname AS table, i.relname AS name,
            array(SELECT coalesce(a.attname, '(expression)') FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS u(attnum, i)
                   LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.attnum ORDER BY u.i)::text[] AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND x.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)
      ORDER BY t.relname, i.relname`,
    [schema],
  );
  return { tables: tables.rows, constraints: constraints.rows, uniqueIndexes: uniqueIndexes.rows };
}

export type Placement = { distributed: string[]; reference: string[]; coordinator: string[] };

/** Tenant tables (an "organizationId" column, not declared otherwise) are distributed. */
export function placeTables(catalog: Catalog, classification: Classification = CLASSIFICATION): Placement {
  const names = catalog.tables.map((t) => t.name);
  const declared = (t: string) => t in classification.reference || t in classification.coordinator;
  return {
    distributed: catalog.tables.filter((t) => t.orgColumnType !== null && !declared(t.name)).map((t) => t.name),
    reference: names.filter((t) => t in classification.reference),
    coordinator: names.filter((t) => t in classification.coordinator),
  };
}

const ACTION: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

/** Everything that would stop Citus from distributing the schema as classified, one sentence each;
 * empty when the plan can run. */
export function citusViolations(catalog: Catalog, classification: Classification = CLASSIFICATION): string[] {
  const out: string[] = [];
  const place = placeTables(catalog, classification);
  const distributed = new Set(place.distributed);
  const reference = new Set(place.reference);
  const names = new Set(catalog.tables.map((t) => t.name));
  const col = `"${DISTRIBUTION_COLUMN}"`;

  for (const name of [...Object.keys(classification.reference), ...Object.keys(classification.coordinator)])
    if (!names.has(name)) out.push(`"${name}" is classified but no longer exists: remove it from the classification`);
  for (const t of catalog.tables)
    if (t.orgColumnType === null && !reference.has(t.name) && !place.coordinator.includes(t.name))
      out.push(
        `"${t.name}" has no ${col} column and is not classified: declare it a reference table or a coordinator table in scripts/db/citus-plan.ts, or add ${col} to it`,
      );
  if (!distributed.has(classification.anchor))
    out.push(`the co-location anchor "${classification.anchor}" is not a distributed table`);

  const types = new Set<string>();
  for (const t of catalog.tables.filter((t) => distributed.has(t.name))) {
    types.add(t.orgColumnType ?? "");
    if (!t.orgColumnNotNull) out.push(`"${t.name}".${col} may be NULL: a distributed row needs its distribution value`);
    for (const trigger of t.userTriggers)
      out.push(
        `"${t.name}" has trigger "${trigger}": Citus runs triggers on distributed tables only with citus.enable_unsafe_triggers`,
      );
    const own = catalog.constraints.filter((c) => c.table === t.name);
    const pk = own.find((c) => c.type === "p");
    if (!pk) out.push(`"${t.name}" has no primary key`);
    else if (!pk.columns.includes(DISTRIBUTION_COLUMN))
      out.push(`"${t.name}" primary key "${pk.name}" (${pk.columns.join(", ")}) lacks ${col}`);
    const uniques = [
      ...own.filter((c) => c.type === "u" || c.type === "x"),
      ...catalog.uniqueIndexes.filter((i) => i.table === t.name),
    ];
    for (const u of uniques)
      if (!u.columns.includes(DISTRIBUTION_COLUMN))
        out.push(
          `"${t.name}" unique "${u.name}" (${u.columns.join(", ")}) lacks ${col}: Citus enforces uniqueness per shard only`,
        );
  }
  if (types.size > 1)
    out.push(
      `${col} has several types across the distributed tables (${[...types].join(", ")}): co-location needs one`,
    );

  for (const fk of catalog.constraints.filter((c) => c.type === "f")) {
    const from = fk.table;
    const to = fk.foreignTable ?? "";
    const label = `foreign key "${fk.name}" ("${from}" -> "${to}")`;
    if (distributed.has(from)) {
      // Citus: the referenced table must be distributed in the same co-location group or be a
      // reference table; between distributed tables the distribution column sits at the same
      // position on both sides.
      if (distributed.has(to)) {
        const i = fk.columns.indexOf(DISTRIBUTION_COLUMN);
        if (i === -1 || fk.foreignColumns[i] !== DISTRIBUTION_COLUMN)
          out.push(
            `${label} does not pair ${col} with ${col} (${fk.columns.join(", ")} -> ${fk.foreignColumns.join(", ")})`,
          );
      } else if (!reference.has(to)) {
        out.push(`${label} references a table that is neither distributed nor a reference table`);
      }
      // Citus refuses a foreign key that could rewrite the distribution column: no SET NULL / SET
      // DEFAULT on delete, no CASCADE / SET NULL / SET DEFAULT on update.
      if (fk.columns.includes(DISTRIBUTION_COLUMN)) {
        if (fk.onDelete === "n" || fk.onDelete === "d")
          out.push(`${label} is ON DELETE ${ACTION[fk.onDelete]} and includes ${col}`);
        if (fk.onUpdate === "c" || fk.onUpdate === "n" || fk.onUpdate === "d")
          out.push(`${label} is ON UPDATE ${ACTION[fk.onUpdate]} and includes ${col}: make it NO ACTION`);
      }
    } else if (reference.has(from)) {
      if (!reference.has(to)) out.push(`${label}: a reference table may reference only reference tables`);
    } else if (distributed.has(to) || reference.has(to)) {
      out.push(`${label}: a coordinator table may not reference a distributed or reference table`);
    }
  }
  return out;
}

const q = (name: string) => `'"${name}"'`;

/** The SQL that distributes the schema on a Citus coordinator, in the order it must run. */
export function citusPlan(catalog: Catalog, classification: Classification = CLASSIFICATION): string {
  const place = placeTables(catalog, classification);
  const managed = new Set([...place.distributed, ...place.reference]);
  const fks = catalog.constraints.filter((c) => c.type === "f" && managed.has(c.table));
  const others = place.distributed.filter((t) => t !== classification.anchor);
  return [
    "-- 1. Foreign keys between these tables are dropped first and re-created in section 4: Citus",
    '--    checks each one as its table is distributed, and "User" and "Team" reference each other.',
    "--    Load the data after section 3, before section 4 (which validates every row).",
    ...fks.map((fk) => `ALTER TABLE "${fk.table}" DROP CONSTRAINT "${fk.name}";`),
    "",
    "-- 2. Reference tables: one shard, copied to every node.",
    ...place.reference.map((t) => `SELECT create_reference_table(${q(t)});`),
    "",
    `-- 3. Tenant tables, hash-distributed by "${DISTRIBUTION_COLUMN}" in one co-location group, so`,
    "--    every query of one organisation runs on one node.",
    `SELECT create_distributed_table(${q(classification.anchor)}, '${DISTRIBUTION_COLUMN}', colocate_with => 'none');`,
    ...others.map(
      (t) =>
        `SELECT create_distributed_table(${q(t)}, '${DISTRIBUTION_COLUMN}', colocate_with => ${q(classification.anchor)});`,
    ),
    "",
    "-- 4. The foreign keys again, now between co-located shards or towards reference tables.",
    ...fks.map((fk) => `ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.definition};`),
    "",
    "-- 5. Left as plain tables on the coordinator (as is the pgboss schema of the job queue):",
    ...place.coordinator.map((t) => `--    "${t}"`),
  ].join("\n");
}

export const CITUS_DOC = "docs/operations/citus.md";
const BEGIN = "<!-- citus-plan:begin (generated by npm run db:citus-plan -- --write) -->";
const END = "<!-- citus-plan:end -->";

/** The plan block as it stands in the doc. */
export function planBlock(plan: string): string {
  return `${BEGIN}\n\n\`\`\`sql\n${plan}\n\`\`\`\n\n${END}`;
}

/** The doc with its plan block replaced (the markers must be there). */
export function withPlan(doc: string, plan: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${CITUS_DOC} lacks the citus-plan markers`);
  return doc.slice(0, start) + planBlock(plan) + doc.slice(end + END.length);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL to the owner URL of a migrated database.");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const catalog = await readCatalog(client);
    const violations = citusViolations(catalog);
    if (violations.length) {
      console.error(`The schema cannot be distributed as classified:\n- ${violations.join("\n- ")}`);
      process.exitCode = 1;
      return;
    }
    const plan = citusPlan(catalog);
    if (!process.argv.includes("--write")) {
      console.log(plan);
      return;
    }
    const file = path.resolve(import.meta.dirname, "../..", CITUS_DOC);
    await writeFile(file, withPlan(await readFile(file, "utf8"), plan));
    console.log(`Wrote the plan into ${CITUS_DOC}.`);
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
