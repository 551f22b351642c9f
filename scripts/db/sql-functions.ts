// The SQL functions of the schema have one readable home each, prisma/sql/<function>.sql, and
// every migration that (re)defines a function copies that file (prisma/sql/README.md). This module
// finds a function's statements in SQL text, so that a unit test can hold the newest migration's
// definition to the file and `npm run db:function-migration` can write a migration from the files.
// Plain Node (no server-only imports): the unit test and the script both use it.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";

/** The statements of a SQL script, split on the `;` that end them: not inside quotes, quoted
 * identifiers, dollar-quoted bodies (`$$ ... $$`, `$tag$ ... $tag$`) or comments. Comments outside
 * quotes are dropped (they document, they do not define); inside a function body they are kept,
 * because they are part of the body PostgreSQL stores. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const rest = sql.slice(i);
    if (rest.startsWith("--")) {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
      current += " ";
      continue;
    }
    if (rest.startsWith("/*")) {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
      current += " ";
      continue;
    }
    if (c === "'" || c === '"') {
      // A doubled quote inside is an escaped quote: scanning pair by pair handles it.
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(rest);
    if (tag) {
      const end = sql.indexOf(tag[0], i + tag[0].length);
      const stop = end === -1 ? sql.length : end + tag[0].length;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === ";") {
      if (current.trim()) out.push(current.trim());
      current = "";
      i++;
      continue;
    }
    current += c;
    i++;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** One statement in a form where only meaning counts: runs of whitespace are one space, and
 * `CREATE FUNCTION` reads as `CREATE OR REPLACE FUNCTION` (a migration that changes a signature
 * drops the old function and creates the new one; the file always says OR REPLACE). */
function normaliseStatement(statement: string): string {
  return statement
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^CREATE\s+FUNCTION\b/i, "CREATE OR REPLACE FUNCTION");
}

const NAME = String.raw`(?:public\.)?"?([A-Za-z_][A-Za-z_0-9]*)"?\s*\(`;
const DEFINES = new RegExp(String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+${NAME}`, "i");
// Statements that belong with a definition: who may call it, what it says about itself.
const ABOUT = new RegExp(
  String.raw`^(?:(?:GRANT|REVOKE)\b[\s\S]*?\bON\s+FUNCTION|COMMENT\s+ON\s+FUNCTION|ALTER\s+FUNCTION)\s+${NAME}`,
  "i",
);

/** The function a statement defines, or null. */
function definedFunction(statement: string): string | null {
  return DEFINES.exec(statement)?.[1] ?? null;
}

/** For each function a script defines: its CREATE statement and the GRANT, REVOKE, COMMENT and
 * ALTER statements on it, normalised, in script order. DROP is left out: it is a step of the
 * migration, not part of the definition. */
export function functionDefinitions(sql: string): Map<string, string[]> {
  const statements = splitStatements(sql);
  const defined = new Set(statements.map(definedFunction).filter((n): n is string => n !== null));
  const out = new Map<string, string[]>();
  for (const s of statements) {
    const name = definedFunction(s) ?? ABOUT.exec(s)?.[1] ?? null;
    if (name && defined.has(name)) out.set(name, [...(out.get(name) ?? []), normaliseStatement(s)]);
  }
  return out;
}

export type LatestDefinition = { migration: string; statements: string[] };

/** The newest migration's definition of every function the migrations define (migrations apply
 * in directory-name order, so the last one to define a function wins). */
export function latestMigrationDefinitions(migrationsDir: string): Map<string, LatestDefinition> {
  const dirs = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(migrationsDir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort((a, b) => a.localeCompare(b));
  const latest = new Map<string, LatestDefinition>();
  for (const dir of dirs) {
    const sql = readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8");
    for (const [name, statements] of functionDefinitions(sql)) latest.set(name, { migration: dir, statements });
  }
  return latest;
}

export type FileDefinition = { file: string; name: string; text: string; statements: string[]; strays: string[] };

/** Each prisma/sql/<function>.sql: the one function it defines and any statement that is not
 * about that function (there should be none). */
export function sqlFileDefinitions(sqlDir: string): FileDefinition[] {
  return readdirSync(sqlDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => {
      const text = readFileSync(path.join(sqlDir, f), "utf8");
      const defs = functionDefinitions(text);
      const name = path.basename(f, ".sql");
      const statements = defs.get(name) ?? [];
      const strays = splitStatements(text)
        .map(normaliseStatement)
        .filter((s) => !statements.includes(s));
      return { file: f, name, text, statements, strays };
    });
}

/** The parameter list and RETURNS clause of a CREATE FUNCTION statement: when it changes,
 * CREATE OR REPLACE either fails or adds an overload, so the old function must be dropped. */
export function signatureOf(createStatement: string): string {
  const m =
    /FUNCTION\s+[^(]+\(([\s\S]*?)\)\s*RETURNS\s+([\s\S]*?)\s+(?:LANGUAGE|AS|SET|STABLE|IMMUTABLE|VOLATILE|SECURITY|PARALLEL)\b/i.exec(
      createStatement,
    );
  return m ? `(${m[1]!.trim()}) RETURNS ${m[2]!.trim()}` : createStatement;
}
