import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "@/tests/support/source-files";

// One naming rule for zod schema files, so a newcomer finds (and adds) them in one guess:
// - a domain's schemas live in `lib/<domain>/schemas.ts`, or in a topic file
//   `lib/<domain>/<topic>-schemas.ts` when the domain has several;
// - a form's own values schema (browser-only, never checked by a route) sits beside its form as
//   `components/<area>/<form>-schemas.ts`;
// - app/ holds no schema files: a route imports its schemas from lib/.
// Database schema (prisma/, scripts/db/) is not zod and not covered.

const SCANNED = ["app", "components", "lib"];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SCHEMAS_FILE = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?schemas\.ts$/;

/** Why a file breaks the rule, or null when it keeps it. */
function schemaFileProblem(file: string): string | null {
  const name = path.posix.basename(file);
  if (!/schema/i.test(name)) return null;
  if (!SCHEMAS_FILE.test(name)) return `${file}: name it schemas.ts or <topic>-schemas.ts`;
  if (file.startsWith("app/")) return `${file}: schemas live in lib/<domain>/, not app/`;
  if (!file.startsWith("lib/") && !file.startsWith("components/")) return `${file}: schemas live in lib/<domain>/`;
  return null;
}

describe("schema file names", () => {
  it("accepts the rule's names and refuses the others", () => {
    expect(schemaFileProblem("lib/people/schemas.ts")).toBeNull();
    expect(schemaFileProblem("lib/people/bulk-import-schemas.ts")).toBeNull();
    expect(schemaFileProblem("components/one-on-one/schedule-schemas.ts")).toBeNull();
    expect(schemaFileProblem("lib/people/users.ts")).toBeNull();
    expect(schemaFileProblem("lib/signup/schema.ts")).toMatch(/schemas\.ts/);
    expect(schemaFileProblem("lib/people/bulk-import-schema.ts")).toMatch(/schemas\.ts/);
    expect(schemaFileProblem("lib/people/bulkImportSchemas.ts")).toMatch(/schemas\.ts/);
    expect(schemaFileProblem("lib/people/schemas.tsx")).toMatch(/schemas\.ts/);
    expect(schemaFileProblem("app/api/pulse/schemas.ts")).toMatch(/not app/);
  });

  it("every schema file in app/, components/ and lib/ keeps the rule", () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(dir, SOURCE));
    expect(files.filter((f) => f.endsWith("schemas.ts")).length).toBeGreaterThan(10);
    expect(files.map(schemaFileProblem).filter(Boolean)).toEqual([]);
  });
});
