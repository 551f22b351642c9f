import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ownerClient } from "../support/owner-client";
import {
  CITUS_DOC,
  CLASSIFICATION,
  type Catalog,
  type Classification,
  citusPlan,
  citusViolations,
  placeTables,
  planBlock,
  readCatalog,
  withPlan,
} from "../../scripts/db/citus-plan";

// Citus on paper: the migrated schema, read from the catalog, must be distributable by
// "organizationId" as scripts/db/citus-plan.ts classifies it, and docs/operations/citus.md must
// carry the plan generated from it. CITUS_PLAN_WRITE=1 rewrites the doc's plan instead of failing.
const owner = ownerClient();
let catalog: Catalog;
beforeAll(async () => {
  catalog = await readCatalog(owner());
});

describe("the migrated schema on a Citus cluster", () => {
  it("distributes the tenant tables and lists every shared table explicitly", () => {
    const place = placeTables(catalog);
    expect(place.reference).toEqual(["BillingAccount", "BuiltinContent", "Organization"]);
    expect(place.coordinator).toEqual(["RateLimit", "_prisma_migrations"]);
    expect(place.distributed).toEqual(
      expect.arrayContaining([
        "User",
        "Team",
        "Session",
        "Survey",
        "SurveyResponse",
        "Meeting",
        "ChatMessage",
        "Vault",
      ]),
    );
    // Nothing falls through: each table has exactly one placement.
    const all = [...place.distributed, ...place.reference, ...place.coordinator];
    expect(all.sort()).toEqual(catalog.tables.map((t) => t.name).sort());
  });

  it("keeps organizationId in every primary key, unique and foreign key a distributed table needs", () => {
    expect(citusViolations(catalog)).toEqual([]);
  });

  it("has the generated plan in docs/operations/citus.md", async () => {
    const file = path.resolve(import.meta.dirname, "../..", CITUS_DOC);
    const plan = citusPlan(catalog);
    const doc = await readFile(file, "utf8");
    if (process.env.CITUS_PLAN_WRITE === "1") await writeFile(file, withPlan(doc, plan));
    else
      expect(
        doc,
        "regenerate with CITUS_PLAN_WRITE=1 npx vitest run tests/integration/citus-readiness.test.ts",
      ).toContain(planBlock(plan));
  });

  it("places each table exactly once in the plan, the anchor first", () => {
    const plan = citusPlan(catalog);
    const place = placeTables(catalog);
    const distributedCalls = [...plan.matchAll(/create_distributed_table\('"(\w+)"', 'organizationId'/g)].map(
      (m) => m[1],
    );
    const referenceCalls = [...plan.matchAll(/create_reference_table\('"(\w+)"'\)/g)].map((m) => m[1]);
    expect(distributedCalls[0]).toBe(CLASSIFICATION.anchor);
    expect([...distributedCalls].sort()).toEqual([...place.distributed].sort());
    expect(referenceCalls).toEqual(place.reference);
    // Every foreign key dropped before distributing is added back afterwards.
    const dropped = [...plan.matchAll(/DROP CONSTRAINT "([^"]+)"/g)].map((m) => m[1]);
    const added = [...plan.matchAll(/ADD CONSTRAINT "([^"]+)"/g)].map((m) => m[1]);
    expect(dropped.length).toBeGreaterThan(40);
    expect(added).toEqual(dropped);
  });

  it("refuses a new tenant table whose primary key lacks organizationId", async () => {
    const client = owner();
    await client.query("BEGIN");
    try {
      await client.query(
        `CREATE TABLE "Kudos" ("organizationId" uuid NOT NULL REFERENCES "Organization"(id), id uuid PRIMARY KEY, "userId" uuid)`,
      );
      await client.query(
        `ALTER TABLE "Kudos" ADD CONSTRAINT "Kudos_user_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", id) ON UPDATE CASCADE`,
      );
      const violations = citusViolations(await readCatalog(client));
      expect(violations).toEqual([
        `"Kudos" primary key "Kudos_pkey" (id) lacks "organizationId"`,
        `foreign key "Kudos_user_fkey" ("Kudos" -> "User") is ON UPDATE CASCADE and includes "organizationId": make it NO ACTION`,
      ]);
    } finally {
      await client.query("ROLLBACK");
    }
  });
});

describe("the checker on a schema that breaks every rule", () => {
  const classification: Classification = {
    reference: { Organization: "root", Plan: "declared reference", Gone: "dropped since" },
    coordinator: {},
    anchor: "User",
  };
  let violations: string[];
  beforeAll(async () => {
    const client = owner();
    await client.query(`
      CREATE SCHEMA citus_bad;
      CREATE TABLE citus_bad."Organization" (id uuid PRIMARY KEY, subdomain text UNIQUE);
      CREATE TABLE citus_bad."Country" (code text PRIMARY KEY);
      CREATE TABLE citus_bad."User" (
        "organizationId" uuid NOT NULL REFERENCES citus_bad."Organization"(id) ON DELETE CASCADE,
        id uuid NOT NULL, email text NOT NULL,
        PRIMARY KEY ("organizationId", id), UNIQUE ("organizationId", email));
      CREATE TABLE citus_bad."Widget" ("organizationId" uuid NOT NULL, id uuid PRIMARY KEY);
      CREATE FUNCTION citus_bad.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
      CREATE TRIGGER widget_touch BEFORE UPDATE ON citus_bad."Widget" FOR EACH ROW EXECUTE FUNCTION citus_bad.touch();
      CREATE TABLE citus_bad."Gadget" (
        "organizationId" uuid NOT NULL, id uuid NOT NULL, sku text, "userId" uuid,
        "countryCode" text REFERENCES citus_bad."Country"(code),
        PRIMARY KEY ("organizationId", id),
        CONSTRAINT "Gadget_swapped_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES citus_bad."User"(id, "organizationId"));
      CREATE UNIQUE INDEX "Gadget_sku_key" ON citus_bad."Gadget"(sku);
      CREATE TABLE citus_bad."Note" (
        "organizationId" uuid NOT NULL, id uuid NOT NULL, "userId" uuid,
        PRIMARY KEY ("organizationId", id),
        CONSTRAINT "Note_user_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES citus_bad."User"("organizationId", id)
          ON UPDATE CASCADE ON DELETE SET NULL);
      CREATE TABLE citus_bad."Loose" ("organizationId" uuid, id uuid);
      CREATE TABLE citus_bad."Plan" (
        "organizationId" uuid NOT NULL, "userId" uuid NOT NULL, PRIMARY KEY ("organizationId", "userId"),
        CONSTRAINT "Plan_user_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES citus_bad."User"("organizationId", id));
    `);
    try {
      violations = citusViolations(await readCatalog(client, "citus_bad"), classification);
    } finally {
      await client.query("DROP SCHEMA citus_bad CASCADE");
    }
  });

  it.each([
    ["a classified table that is gone", `"Gone" is classified but no longer exists`],
    ["an unclassified shared table", `"Country" has no "organizationId" column and is not classified`],
    ["a primary key without organizationId", `"Widget" primary key "Widget_pkey" (id) lacks "organizationId"`],
    ["a trigger", `"Widget" has trigger "widget_touch"`],
    ["a unique index without organizationId", `"Gadget" unique "Gadget_sku_key" (sku) lacks "organizationId"`],
    [
      "a foreign key to an unclassified table",
      `foreign key "Gadget_countryCode_fkey" ("Gadget" -> "Country") references a table that is neither distributed nor a reference table`,
    ],
    [
      "organizationId paired with another column",
      `foreign key "Gadget_swapped_fkey" ("Gadget" -> "User") does not pair "organizationId" with "organizationId"`,
    ],
    ["ON DELETE SET NULL", `foreign key "Note_user_fkey" ("Note" -> "User") is ON DELETE SET NULL`],
    ["ON UPDATE CASCADE", `foreign key "Note_user_fkey" ("Note" -> "User") is ON UPDATE CASCADE`],
    ["a nullable organizationId", `"Loose"."organizationId" may be NULL`],
    ["no primary key", `"Loose" has no primary key`],
    [
      "a reference table referencing a distributed one",
      `foreign key "Plan_user_fkey" ("Plan" -> "User"): a reference table may reference only reference tables`,
    ],
  ])("finds %s", (_name, expected) => {
    expect(
      violations.some((v) => v.startsWith(expected)),
      violations.join("\n"),
    ).toBe(true);
  });

  it("says nothing about the tables that follow the rule", () => {
    expect(violations.filter((v) => v.startsWith('"User"') || v.startsWith('"Organization"'))).toEqual([]);
    expect(violations.filter((v) => v.includes('("User" ->'))).toEqual([]);
  });
});
